/**
 * The machine's address on the local network, for classroom mode (`npm start -- --lan`): the
 * address players' phones on the same Wi-Fi can reach.
 */
import type { NetworkInterfaceInfo } from 'node:os';

export type Interfaces = NodeJS.Dict<readonly NetworkInterfaceInfo[]>;

/** Private IPv4 ranges (RFC 1918) and link-local, where a school network lives. */
function isPrivate(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** Interfaces of containers and virtual machines, which phones cannot reach. */
const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|cni|flannel|podman|lxc|tun|tap|wg|zt)/;

export interface LanCandidate {
  readonly name: string;
  readonly address: string;
}

/**
 * External IPv4 addresses, the likeliest first: private ranges on physical interfaces, then
 * other private ones, then the rest.
 */
export function lanCandidates(interfaces: Interfaces): LanCandidate[] {
  const found: (LanCandidate & { rank: number })[] = [];
  for (const [name, infos] of Object.entries(interfaces)) {
    for (const info of infos ?? []) {
      if (info.family !== 'IPv4' || info.internal) continue;
      const rank = (isPrivate(info.address) ? 0 : 2) + (VIRTUAL.test(name) ? 1 : 0);
      found.push({ name, address: info.address, rank });
    }
  }
  return found.sort((x, y) => x.rank - y.rank).map(({ name, address }) => ({ name, address }));
}
