"""Where phones can reach the venue: this computer's addresses on the local network, found
without the internet (venues often have none).

A UDP socket "connected" to an address sends nothing but makes the system choose the
interface it would use; private addresses of every range are tried, so the venue's Wi-Fi or
the laptop's own hotspot is found even with no default route. The host name's addresses are
added, and on Linux every interface's.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

_PROBES = ("10.255.255.255", "172.31.255.255", "192.168.255.255", "8.8.8.8")
"""Addresses a datagram socket is pointed at (nothing is sent) to learn the outgoing interface."""


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not ip.is_loopback and not ip.is_link_local and not ip.is_unspecified


def _interface_addresses() -> list[str]:
    """Every IPv4 address of this computer's interfaces (Linux: SIOCGIFADDR; elsewhere none)."""
    try:
        import fcntl
        import struct
    except ImportError:
        return []
    found = []
    try:
        names = [name for _, name in socket.if_nameindex()]
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for name in names:
            try:
                packed = fcntl.ioctl(s.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))  # SIOCGIFADDR
            except OSError:
                continue
            found.append(socket.inet_ntoa(packed[20:24]))
    return found


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses phones on the same network can reach, best first
    (private addresses first; empty when there is no network at all)."""
    found: list[str] = []
    for probe in _PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found.append(s.getsockname()[0])
        except OSError:
            continue
    with contextlib.suppress(OSError):
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    found += _interface_addresses()
    unique = [a for a in dict.fromkeys(found) if _usable(a)]
    return sorted(unique, key=lambda a: (not ipaddress.ip_address(a).is_private, unique.index(a)))


def everywhere(host: str) -> bool:
    """Whether ``host`` means every interface (``0.0.0.0``, ``::``)."""
    return host in ("0.0.0.0", "::", "")


def loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"
