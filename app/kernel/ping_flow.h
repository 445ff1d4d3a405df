// A ping flow on the kernel run's path, our own echo over UDP (no ICMP
// socket, no ping binary): a prober in the sender's namespace sends one
// datagram of the flow's size every interval from its start to its stop to
// the receiver's port for that flow (5201 + its index, so the emulator
// queues it behind the data like any packet of that flow); an echo thread
// in the receiver's namespace sends each one straight back. The RTT of a
// reply is the monotonic clock at its arrival minus the send time carried
// in it; a probe without a reply is lost, unless it was sent too near the
// end for its reply to be back (lost()).
// Size on the wire: the flow's bytes (IPv4 20 + UDP 8 + payload), with at
// least 16 B of payload to carry the probe's number and send time (so 44 B
// is the smallest probe on the wire; the model's ping may be 28 B).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "model/core/flow_spec.h"
#include "model/core/sim_time.h"

namespace inflight::kernel {

inline constexpr std::uint32_t kPingMinPayloadBytes = 16;

class PingFlow {
public:
    ~PingFlow();
    // Binds the echo in the receiver's namespace and makes the prober's
    // socket in the sender's; returns once both are ready (or an error).
    // Probes go from start_at to stop_at (monotonic_now()'s scale); `t0` is
    // the run's time zero for the samples' times.
    std::string start(int sender_netns_fd, int receiver_netns_fd, const ResolvedFlow& f, std::size_t flow_index,
                      TimePs t0, TimePs start_at, TimePs stop_at);
    void stop();

    struct Samples {
        std::vector<double> reply_t_s, rtt_s;  // each reply: its arrival (since t0) and RTT
        std::vector<double> sent_t_s;          // each probe's send time (since t0)
        std::uint64_t sent = 0;
    };
    Samples samples() const;

    // Probes lost: those without a reply among the ones sent by `end_t_s` less
    // `patience_s` (the longest a reply can take: the flow's RTT and a full
    // buffer). A probe sent later may still be on its way when the run ends,
    // as the model's pings are (it counts only the pings its path dropped).
    static std::uint64_t lost(const Samples& s, double end_t_s, double patience_s);

private:
    void echo_loop();
    void probe_loop();
    std::thread echo_thread_, probe_thread_;
    std::atomic<bool> stop_{false};
    int echo_fd_ = -1, probe_fd_ = -1;
    std::uint16_t port_ = 0;
    std::uint32_t payload_bytes_ = kPingMinPayloadBytes;
    TimePs t0_ = 0, start_at_ = 0, stop_at_ = 0, interval_ = 0;
    mutable std::mutex mutex_;  // guards samples_
    Samples samples_;
};

}  // namespace inflight::kernel
