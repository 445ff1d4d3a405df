// The names of a scenario's choices and its derived path figures
// (scenario.h). Each parameter's key, range and check are its row in the
// parameter table (parameters.cpp).
#include "model/core/scenario.h"

namespace inflight {
namespace {

std::string lower_ascii(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace

const char* to_string(Algorithm a) {
    switch (a) {
        case Algorithm::Reno: return "reno";
        case Algorithm::Cubic: return "cubic";
        case Algorithm::Bbr: return "bbr";
    }
    return "?";
}

const char* to_string(LossPattern p) {
    switch (p) {
        case LossPattern::Even: return "even";
        case LossPattern::Random: return "random";
    }
    return "?";
}

const char* to_string(Stack s) { return s == Stack::Linux ? "linux" : "textbook"; }

bool shapes_the_models_tcp(Param p) {
    switch (p) {
        case Param::Stack:
        case Param::BbrPacing:
        case Param::BbrHeadroom:
        case Param::Hystart:
        case Param::DelayedAcks:
        case Param::Autotuning:
        case Param::Prr:
        case Param::SlowStartRoom: return true;
        default: return false;
    }
}

bool detail_on(Stack stack, Detail d) { return d == Detail::On || (d == Detail::Auto && stack == Stack::Linux); }

const char* to_string(Aqm a) {
    switch (a) {
        case Aqm::None: return "none";
        case Aqm::Codel: return "codel";
        case Aqm::FqCodel: return "fq_codel";
    }
    return "?";
}

std::optional<Algorithm> algorithm_from_string(const std::string& s) {
    const std::string v = lower_ascii(s);
    for (Algorithm a : {Algorithm::Reno, Algorithm::Cubic, Algorithm::Bbr})
        if (v == to_string(a)) return a;
    return std::nullopt;
}

std::optional<LossPattern> loss_pattern_from_string(const std::string& s) {
    const std::string v = lower_ascii(s);
    for (LossPattern p : {LossPattern::Even, LossPattern::Random})
        if (v == to_string(p)) return p;
    return std::nullopt;
}

std::optional<Aqm> aqm_from_string(const std::string& s) {
    const std::string v = lower_ascii(s);
    for (Aqm a : {Aqm::None, Aqm::Codel, Aqm::FqCodel})
        if (v == to_string(a)) return a;
    return std::nullopt;
}

double bdp_bytes(const Scenario& s) { return bdp_bytes(s.bandwidth_bps, s.rtt_s); }

double bdp_bytes(double bandwidth_bps, double rtt_s) { return bandwidth_bps * rtt_s / 8.0; }

double buffer_bytes(const Scenario& s) { return s.bandwidth_bps * s.buffer_s / 8.0; }

}  // namespace inflight
