// Scenario: every parameter of one run, in SI base units, with its allowed
// range; a value out of range is refused, never clamped. Plain C++, no Qt.
#pragma once

#include <cstdint>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/flow_spec.h"

namespace inflight {

enum class Algorithm { Reno, Cubic, Bbr };
enum class LossPattern { Even, Random };
enum class Aqm { None, Codel, FqCodel };
// Which TCP the model's senders and receivers are: the lesson's textbook
// one, or the details Linux 6.x adds (model/tcp/README.md lists them).
enum class Stack { Textbook, Linux };
// One of those details: Auto follows the stack (on with linux, off with
// textbook); On and Off force it, so a student can add them one at a time.
enum class Detail { Auto, On, Off };

struct Scenario {
    Algorithm algorithm = Algorithm::Cubic;
    double bandwidth_bps = 100e6;
    double rtt_s = 0.080;                 // base (propagation) RTT
    double loss = 0.0;                    // fraction of data packets lost, 0 or 1e-6..0.1
    LossPattern loss_pattern = LossPattern::Even;
    std::uint64_t rwnd_bytes = 1ull << 30;
    std::uint64_t sndbuf_bytes = 1ull << 30;
    double buffer_s = 0.100;              // bottleneck buffer in seconds of link rate
    Aqm aqm = Aqm::None;
    bool ecn = false;
    std::uint32_t mss_bytes = 1500;
    bool pacing = false;
    Stack stack = Stack::Textbook;
    Detail bbr_pacing = Detail::Auto;     // BBR paces itself (Linux ≥ 4.13)
    Detail bbr_headroom = Detail::Auto;   // BBR's cwnd allows for ACK aggregation and TSO bursts (Linux ≥ 5.1)
    Detail hystart = Detail::Auto;        // CUBIC leaves slow start by HyStart
    Detail delayed_acks = Detail::Auto;   // the receiver ACKs every second segment
    Detail autotuning = Detail::Auto;     // the receive buffer grows (tcp_rcv_space_adjust)
    Detail prr = Detail::Auto;            // fast recovery cuts by PRR (RFC 6937)
    Detail slow_start_room = Detail::Auto;  // slow start grows cwnd to twice what was in flight
    std::uint64_t rcvbuf_bytes = 0;       // SO_RCVBUF as set by the application; 0: not set
    double duration_s = 40.0;
    std::uint64_t seed = 1;
    // The flows sharing the path (1 to 100); empty: one flow from the options
    // above (algorithm, rtt, rwnd, sndbuf, pacing), which is today's scenario.
    std::vector<FlowSpec> flows;

    bool operator==(const Scenario&) const = default;
};

// Allowed ranges. The app's sliders stop at 10 Gbit/s; the command line goes
// to 100 Gbit/s.
struct Limits {
    static constexpr double min_bandwidth_bps = 1e6;
    static constexpr double max_bandwidth_bps_app = 10e9;
    static constexpr double max_bandwidth_bps_cli = 100e9;
    static constexpr double min_rtt_s = 0.001, max_rtt_s = 1.0;
    static constexpr double min_loss = 1e-6, max_loss = 0.10;
    static constexpr std::uint64_t min_window_bytes = 16 * 1024;
    static constexpr std::uint64_t max_window_bytes = 1ull << 30;
    static constexpr std::uint64_t no_wscale_rwnd_bytes = 65535;   // "64 KB, no window scaling"
    static constexpr double min_buffer_s = 0.001, max_buffer_s = 1.0;
    static constexpr std::uint32_t min_mss_bytes = 500, max_mss_bytes = 9000;
    static constexpr double min_duration_s = 1.0, max_duration_s = 600.0;
};

// Returns an error naming the parameter, the value and the allowed range, or
// nothing when the scenario is valid. Nothing is clamped.
std::optional<std::string> validate(const Scenario& s,
                                    double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);

const char* to_string(Algorithm a);
const char* to_string(LossPattern p);
const char* to_string(Aqm a);
const char* to_string(Stack s);
std::optional<Algorithm> algorithm_from_string(const std::string& s);
std::optional<LossPattern> loss_pattern_from_string(const std::string& s);
std::optional<Aqm> aqm_from_string(const std::string& s);

// Each parameter by name, for scenario files, the command line and error
// messages. key() is the scenario-file / --json key ("algo", "loss_pattern");
// the command-line option is "--" + key with '_' as '-'.
enum class Param {
    Algorithm, Bandwidth, Rtt, Loss, LossPattern, Rwnd, Sndbuf, Buffer,
    Aqm, Ecn, Mss, Pacing, Duration, Seed,
    Stack, BbrPacing, BbrHeadroom, Hystart, DelayedAcks, Autotuning, Prr, SlowStartRoom, Rcvbuf
};
inline constexpr std::array<Param, 23> kAllParams = {
    Param::Algorithm, Param::Bandwidth, Param::Rtt,    Param::Loss,   Param::LossPattern,
    Param::Rwnd,      Param::Sndbuf,    Param::Buffer, Param::Aqm,    Param::Ecn,
    Param::Mss,       Param::Pacing,    Param::Duration, Param::Seed,
    Param::Stack,     Param::BbrPacing, Param::BbrHeadroom, Param::Hystart, Param::DelayedAcks, Param::Autotuning,
    Param::Prr,       Param::SlowStartRoom, Param::Rcvbuf};
const char* key(Param p);
std::optional<Param> param_from_key(std::string_view key);

// Checks one parameter of `s`; the error calls it `name` (e.g. "--rtt" on
// the command line, "rtt" in a file). validate() is this for every Param.
std::optional<std::string> validate_param(const Scenario& s, Param p, std::string_view name,
                                          double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);
// The allowed values of a parameter in words: "1 ms – 1000 ms".
std::string allowed_range(Param p, double max_bandwidth_bps = Limits::max_bandwidth_bps_cli);

// Whether a Linux detail is in force: forced on or off, or following the stack.
bool detail_on(Stack stack, Detail d);
// The model's own TCP and its Linux details (the stack, BBR's pacing and
// headroom, HyStart, delayed ACKs, autotuning, PRR): a run on the kernel
// has Linux's own and takes none of them.
bool shapes_the_models_tcp(Param p);

// Derived path figures.
double bdp_bytes(const Scenario& s);
// The bandwidth-delay product C·RTT/8 of a link at one RTT (a flow's own).
double bdp_bytes(double bandwidth_bps, double rtt_s);
double buffer_bytes(const Scenario& s);

}  // namespace inflight
