/** The `ws` package as the local client's socket in Node 20 (no global WebSocket there). */
import WebSocket from 'ws';
import type { SocketFactory, SocketLike } from './local-client';

export const nodeSocketFactory: SocketFactory = (url) =>
  new WebSocket(url) as unknown as SocketLike;
