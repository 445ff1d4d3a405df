// Linux's receive buffer and the window it advertises (Linux 6.18).
//
// Law (net/ipv4/tcp_input.c, net/core/sock.c, include/net/tcp.h):
//   window advertised = buffer × scaling_ratio, where scaling_ratio is the
//     payload a byte of receive memory holds (tcp_win_from_space: space ×
//     ratio / 256). It starts at 50% (TCP_DEFAULT_SCALING_RATIO) and
//     tcp_measure_rcv_mss sets it from the first full segment, skb->len ×
//     256 / skb->truesize; window_clamp follows it.
//   the buffer starts at tcp_rmem[1] (131,072 B); the window scale in the SYN
//     is fixed from the largest buffer the socket may reach
//     (tcp_select_initial_window: max(tcp_rmem[2], rmem_max), capped by
//     window_clamp), so it never limits the window below.
//   autotuning ("DRS", tcp_rcv_space_adjust → tcp_rcvbuf_grow): at most
//     once per receiver RTT estimate (rcv_rtt_est, a 1/8 EWMA), when the
//     application read more than rcvq_space.space since the last measure,
//     space = what was read, and the buffer grows (never shrinks) to
//     min(tcp_space_from_win(rcvwin), tcp_rmem[2]) — the window follows —
//     with rcvwin = 2 × space ("DRS is always one RTT late") plus
//     2 × rcvwin × (space − old space) / old space, so a sender in slow start
//     can double again before the next measure.
//     rcvq_space.space starts at min(rcv_ssthresh, rcv_wnd, 10 × advmss)
//     (tcp_init_buffer_space). Switched off by net.ipv4.tcp_moderate_rcvbuf
//     = 0 or by SO_RCVBUF.
//   SO_RCVBUF n (sock_setsockopt → __sock_set_rcvbuf): buffer =
//     max(2 × min(n, net.core.rmem_max), SOCK_MIN_RCVBUF), and
//     SOCK_RCVBUF_LOCK: no autotuning (rmem_max caps SO_RCVBUF only, never
//     autotuning).
// That second term came back in late 2025 ("tcp: fix too slow
// tcp_rcvbuf_grow() action", queued for Linux 6.19): from 6.16 until then,
// rcvwin was 2 × space alone and a slow-start sender was rwnd-limited for a
// few RTTs. This machine's 6.18.44 behaves as with the term: its kernel run
// at 100 Mbit/s, 80 ms reports no rwnd-limited time while cwnd ramps up
// (the law without it makes the model rwnd-limited from 0.4 s to 0.8 s).
// grow_for_slow_start = false gives the law without it.
//
// Modelled: the receiving application reads everything at once, so what was
// read is everything received in order (rcv_nxt) and nothing waits in the
// queue (no inq); the receiver's RTT estimate is the sender's SRTT (both
// 1/8-EWMAs of the same path's RTT). Not modelled: rcv_ssthresh's growth
// (tcp_grow_window adds ≥ 2 MSS per segment received from the initial
// 64 KB; ahead of a slow-start sender's 1 MSS per segment ACKed, so it never
// binds on these paths), the one-MSS reservation of tcp_init_buffer_space,
// the window-scale rounding (≤ 2^wscale bytes), out-of-order data's share
// of the growth, memory pressure (tcp_mem).
#pragma once

#include <cstdint>

#include "model/core/sim_time.h"

namespace inflight {

struct TcpDetails;
struct ResolvedFlow;

class ReceiveBuffer {
public:
    // This machine's values (Linux 6.18, a fresh network namespace).
    struct Sysctls {
        std::uint64_t rmem_min = 4096;           // net.ipv4.tcp_rmem[0]
        std::uint64_t rmem_default = 131072;     // net.ipv4.tcp_rmem[1]: the buffer at the start
        std::uint64_t rmem_max = 33554432;       // net.ipv4.tcp_rmem[2]: autotuning's cap (32 MiB since 6.16)
        std::uint64_t core_rmem_max = 4194304;   // net.core.rmem_max: SO_RCVBUF's cap
    };
    // SOCK_MIN_RCVBUF (TCP_SKB_MIN_TRUESIZE: 2048 + the 256-byte struct sk_buff).
    static constexpr std::uint64_t kMinRcvbuf = 2304;
    // scaling_ratio in 1/256 (TCP_RMEM_TO_WIN_SCALE = 8) for MSS-sized
    // segments at a 1500-byte MTU: a 1448-byte payload in an skb whose head
    // is a 2 KiB kmalloc (the 1500-byte frame, its headroom and
    // skb_shared_info, rounded up to the kmalloc-2k slab) plus the 256-byte
    // struct sk_buff: truesize 2,304, and ⌊1448 × 256 / 2304⌋ = 160, a window
    // of 62.5% of the buffer. The kernel run agrees: with SO_RCVBUF 256 KiB,
    // ss shows rb 524,288 and the sender's snd_wnd 326,880 (2,048 × 160 =
    // 327,680 less the segment then queued).
    static constexpr std::uint32_t kScalingRatio = 160;
    static constexpr std::uint32_t kInitialSpacePackets = 10;  // TCP_INIT_CWND

    struct Config {
        bool enabled = false;        // false: the textbook's fixed rwnd, nothing here is consulted
        bool autotuning = false;     // tcp_moderate_rcvbuf, not locked
        std::uint64_t so_rcvbuf = 0; // SO_RCVBUF as the application set it; 0: not set
        std::uint32_t mss_bytes = 1448;
        std::uint32_t scaling_ratio = kScalingRatio;
        bool grow_for_slow_start = true;   // the slow-start term (see above); false: Linux 6.16–6.18.0
        Sysctls sysctls;
    };
    // The receiver a flow's TCP details ask for (enabled when autotuning is on
    // or SO_RCVBUF is set).
    static Config config_for(const TcpDetails& tcp, std::uint32_t mss_bytes);

    explicit ReceiveBuffer(const Config& c);

    // The buffer SO_RCVBUF n gives: 2 × min(n, rmem_max), at least SOCK_MIN_RCVBUF.
    static std::uint64_t so_rcvbuf_buffer(std::uint64_t n, const Sysctls& s);
    // tcp_win_from_space / tcp_space_from_win.
    static std::uint64_t window_from_space(std::uint64_t space, std::uint32_t ratio) { return (space * ratio) >> 8; }
    static std::uint64_t space_from_window(std::uint64_t window, std::uint32_t ratio) { return (window << 8) / ratio; }

    // The window SO_RCVBUF n fixes (this machine's sysctls, kScalingRatio).
    static std::uint64_t locked_window(std::uint64_t n) {
        return window_from_space(so_rcvbuf_buffer(n, Sysctls{}), kScalingRatio);
    }

    // The most window autotuning can open: tcp_rmem[2]'s buffer at
    // kScalingRatio (Linux's default 32 MiB × 160/256 = 20,971,520 B).
    static std::uint64_t autotuned_max_window() {
        return window_from_space(Sysctls{}.rmem_max, kScalingRatio);
    }

    // The most window a flow's receiver ever advertises: its rwnd, or less
    // where Linux's buffer caps it — SO_RCVBUF's locked window, or the most
    // autotuning can open (the sender takes the smaller of the two).
    static std::uint64_t largest_window(const ResolvedFlow& flow);

    bool locked() const { return locked_; }
    std::uint64_t buffer_bytes() const { return buffer_; }
    std::uint64_t window_bytes() const { return window_; }
    std::uint64_t space_bytes() const { return space_; }  // rcvq_space.space

    // The application has read `read_total` bytes in all by `now`; `rtt` is
    // the receiver's RTT estimate. True when the window changed.
    bool on_read(TimePs now, std::uint64_t read_total, TimePs rtt);

private:
    Config cfg_;
    bool locked_;
    std::uint64_t buffer_;
    std::uint64_t window_;
    std::uint64_t space_;
    std::uint64_t measure_seq_ = 0;  // rcvq_space.seq
    TimePs measure_time_ = -1;       // rcvq_space.time; -1: no measure yet
};

}  // namespace inflight
