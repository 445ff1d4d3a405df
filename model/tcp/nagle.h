// Nagle's algorithm as Linux applies it, Minshall's variant (RFC 896; the
// Minshall draft, draft-minshall-nagle-01): a segment shorter than the MSS
// waits while an earlier short segment is still unacknowledged; full
// segments always go (the window permitting). Linux
// net/ipv4/tcp_output.c:
//   tcp_nagle_check: partial && !nonagle && packets_out && tcp_minshall_check
//   tcp_minshall_check: after(snd_sml, snd_una) && !after(snd_sml, snd_nxt)
//   tcp_minshall_update: snd_sml = the end of each short segment sent
// TCP_NODELAY (nonagle) lets every segment go at once. Only new data is
// held: a retransmission is never delayed by Nagle.
#pragma once

#include <cstdint>

namespace inflight {

struct Nagle {
    std::uint64_t snd_sml = 0;  // where the last short segment sent ends (bytes); 0: none yet

    // Whether a new segment of `len` bytes must wait.
    bool holds(std::uint32_t len, std::uint32_t mss, std::uint64_t snd_una, std::uint64_t snd_nxt) const {
        return len < mss && snd_sml > snd_una && snd_sml <= snd_nxt;
    }
    // A new segment of `len` bytes was sent, ending at `end`.
    void sent(std::uint32_t len, std::uint32_t mss, std::uint64_t end) {
        if (len < mss) snd_sml = end;
    }
};

}  // namespace inflight
