// Turns the kernel run's 10 ms readings into what the app already draws:
// the model's Trace buckets (min and max of each series over the bucket, end
// values at its last reading), the event log and the Summary (model/result.h).
// Where the kernel's figure differs in kind from the model's, the field says
// so here rather than pretending:
//   rtt_s           the range of the kernel's srtt over the bucket's readings
//                   (TCP_INFO carries no per-ACK samples); the Summary's RTT
//                   figures are over the window's srtt readings likewise
//   limit           rwnd or sndbuf when TCP_INFO's rwnd_limited / sndbuf_limited
//                   time grew for most of the interval since the last reading,
//                   else Link when the emulator's FIFO holds bytes at the
//                   reading (the model's rule), else cwnd; the kernel never
//                   says "pacing", so Pacing stays 0
//   phase           Reno/CUBIC from tcpi_ca_state and cwnd < ssthresh; BBR's
//                   mode from its gains in TCP_CC_INFO (2.89: Startup, 0.35:
//                   Drain, 1 and 1: ProbeRTT, else ProbeBW)
//   cc              BBR's TCP_CC_INFO; empty (NaN) for other algorithms, as in the model
//   events          numbers only (the words are the presentation's); drops and
//                   marks are the emulator's, congestion events the kernel's
//   rtos            entries into TCP_CA_Loss seen by the 10 ms readings
//   rwnd_bytes      tcpi_snd_wnd at the bucket's last reading: the window the
//                   receiver advertised, as the sender last learned it (the
//                   model's figure; NaN on a kernel before 5.4)
// A bucket without a reading (the sampler woke late) holds the previous
// bucket's end values; one whose readings found no connection open (a
// finite flow's transfer done, or between two) has none: NaN, a gap in the
// lines, as before the flow's first connection.
#pragma once

#include <cstdint>
#include <vector>

#include "app/kernel/emulator.h"
#include "model/core/result.h"
#include "app/kernel/tcp_sample.h"

namespace inflight::kernel {

struct KernelSample {
    double t_s = 0;                    // since the connection began
    TcpSample tcp;
    QueueRange queue;                  // the data direction's FIFO since the previous reading
    std::uint64_t drops_tail = 0, drops_aqm = 0, drops_random = 0, ecn_marks = 0;  // cumulative
    std::uint64_t received_bytes = 0;  // read by the receiving application, cumulative
};

class KernelRecorder {
public:
    struct Config {
        double duration_s = 0;
        int bucket_count = 1;
        double window_start_s = 0;    // steady-state window = [window_start_s, end]
        double link_rate_bps = 0;
        std::uint32_t scenario_mss_bytes = 1500;
        double bdp_bytes = 0, buffer_bytes = 0;
        double event_group_span_s = 0.1;
        bool random_loss = false;
        bool bbr = false;
        int flow_index = 0;           // Event::flow of its events
        double stop_s = 1e300;        // the flow stops writing then: its throughput's span ends there
    };
    KernelRecorder(const Config& c, Trace& trace, std::vector<Event>& events);

    void add(const KernelSample& s);
    // Closes the buckets up to `end_s` and fills the summary.
    void finish(double end_s, Summary& out);
    // After finish: the bytes received in the steady window, and in its two
    // halves (the settled rule's input).
    std::uint64_t window_bytes() const { return window_begun_ ? last_bytes_ - window_bytes0_ : 0; }
    double first_half_bytes() const { return static_cast<double>(mid_bytes_ - window_bytes0_); }
    double second_half_bytes() const { return static_cast<double>(last_bytes_ - mid_bytes_); }

private:
    struct Open {
        bool any = false;       // a reading of an open connection
        bool closed = false;    // a reading with no connection open (a transfer done)
        KernelSample closed_reading;  // the last such: the counts of the transfers done
        TraceBucket b;
        std::array<int, kLimitCount> limit_votes{};
    };
    CcPhase phase_of(const TcpSample& t) const;
    Limit limit_of(const KernelSample& s) const;
    void close_buckets_before(double t_s);
    static void no_connection(TraceBucket& b);
    static void take_counts(TraceBucket& b, const KernelSample& s);
    void widen(MinMax& m, double v);
    void on_events(const KernelSample& s, CcPhase phase);
    void flush_drops(double t_s);
    void flush_congestion();

    Config cfg_;
    Trace& trace_;
    std::vector<Event>& events_;
    double bucket_s_;
    int bucket_ = 0;   // index of the open bucket
    Open open_;
    bool have_prev_ = false;
    KernelSample prev_;
    CcPhase prev_phase_ = CcPhase::SlowStart;
    bool left_slow_start_ = false;
    // Steady-state accumulators.
    bool window_begun_ = false;
    double window_t0_ = 0;
    std::uint64_t window_bytes0_ = 0;
    std::uint64_t mid_bytes_ = 0;     // received by the window's middle
    bool mid_seen_ = false;
    double last_t_ = 0;
    std::uint64_t last_bytes_ = 0;
    double cwnd_packets_time_ = 0, window_time_ = 0;
    std::vector<double> window_srtt_;
    std::array<double, kLimitCount> window_limit_time_{};
    std::uint64_t congestion_events_ = 0, window_congestion_events_ = 0, rtos_ = 0;
    // Event grouping.
    bool drop_group_open_ = false;
    double drop_group_t_ = 0;
    KernelSample drop_group_base_;
    bool cong_open_ = false;
    double cong_span_start_ = 0;
    Event cong_;  // the grouped line of the open span (count 0: none yet)
};

}  // namespace inflight::kernel
