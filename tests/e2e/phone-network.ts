/**
 * The LAN test's second machine: a network namespace joined to this host by a veth pair on a
 * private /30. It is made by the e2e global setup, before any browser starts, and removed after
 * every test file has run: adding or removing an address is a network change to every Chromium
 * on the host, which aborts the requests it has in flight (`net::ERR_NETWORK_CHANGED`), and a
 * page whose modules were aborted stays blank.
 */
import { spawnSync } from 'node:child_process';

export interface PhoneNetwork {
  /** Why the namespace could not be made ('' when it was): the LAN test is skipped. */
  readonly unavailable: string;
  /** The namespace the phone's browser runs in. */
  readonly namespace: string;
  /** This host's address on the pair, where the stack listens. */
  readonly hostIp: string;
  /** The phone's address. */
  readonly phoneIp: string;
  readonly hostLink: string;
  readonly phoneLink: string;
}

function ip(...args: string[]): { ok: boolean; err: string } {
  const res = spawnSync('ip', args, { encoding: 'utf8' });
  return { ok: res.status === 0, err: (res.stderr ?? String(res.error ?? '')).trim() };
}

function must(...args: string[]): void {
  const res = ip(...args);
  if (!res.ok) throw new Error(`ip ${args.join(' ')}: ${res.err}`);
}

/** The names and addresses of this run's network: a /30 of 10.213.0.0/16 per process. */
export function phoneNetworkOf(pid: number): PhoneNetwork {
  const subnet = 10 + (pid % 240);
  return {
    unavailable: '',
    namespace: `simlan${pid}`.slice(0, 15),
    hostIp: `10.213.${subnet}.1`,
    phoneIp: `10.213.${subnet}.2`,
    hostLink: `slh${pid}`.slice(0, 15),
    phoneLink: `slp${pid}`.slice(0, 15),
  };
}

/** Whether this process may create network namespaces (root, `ip` present, netns allowed). */
function netnsUnavailable(pid: number): string {
  const probe = `simprobe${pid}`.slice(0, 15);
  const added = ip('netns', 'add', probe);
  if (!added.ok) return added.err || 'ip netns add failed';
  ip('netns', 'del', probe);
  return '';
}

export function removePhoneNetwork(net: PhoneNetwork): void {
  // Deleting the namespace deletes its end of the pair, and with it the host's end.
  ip('netns', 'del', net.namespace);
  ip('link', 'del', net.hostLink);
}

/** Makes the network, or says why it cannot be made here. */
export function createPhoneNetwork(pid: number = process.pid): PhoneNetwork {
  const net = phoneNetworkOf(pid);
  const unavailable = netnsUnavailable(pid);
  if (unavailable) return { ...net, unavailable };
  removePhoneNetwork(net);
  must('netns', 'add', net.namespace);
  must('link', 'add', net.hostLink, 'type', 'veth', 'peer', 'name', net.phoneLink);
  must('link', 'set', net.phoneLink, 'netns', net.namespace);
  must('addr', 'add', `${net.hostIp}/30`, 'dev', net.hostLink);
  must('link', 'set', net.hostLink, 'up');
  must(
    'netns',
    'exec',
    net.namespace,
    'ip',
    'addr',
    'add',
    `${net.phoneIp}/30`,
    'dev',
    net.phoneLink,
  );
  must('netns', 'exec', net.namespace, 'ip', 'link', 'set', net.phoneLink, 'up');
  must('netns', 'exec', net.namespace, 'ip', 'link', 'set', 'lo', 'up');
  return net;
}
