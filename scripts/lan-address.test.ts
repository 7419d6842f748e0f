import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanCandidates } from './lan-address';

function v4(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    netmask: '255.255.255.0',
    family: 'IPv4',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: `${address}/24`,
  };
}

describe('lanCandidates', () => {
  it('puts a private address of a physical interface first, loopback and IPv6 never', () => {
    const found = lanCandidates({
      lo: [v4('127.0.0.1', true)],
      docker0: [v4('172.17.0.1')],
      eth0: [v4('203.0.113.7')],
      wlan0: [
        v4('192.168.1.23'),
        {
          address: 'fe80::1',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '00:00:00:00:00:00',
          internal: false,
          cidr: 'fe80::1/64',
          scopeid: 2,
        },
      ],
    });
    expect(found).toEqual([
      { name: 'wlan0', address: '192.168.1.23' },
      { name: 'docker0', address: '172.17.0.1' },
      { name: 'eth0', address: '203.0.113.7' },
    ]);
  });

  it('finds nothing on a machine with loopback only', () => {
    expect(lanCandidates({ lo: [v4('127.0.0.1', true)] })).toEqual([]);
  });
});
