#include "app/formats/stack_words.h"

#include "model/core/units.h"

namespace inflight {
namespace {

struct DetailName {
    Detail Scenario::*field;
    bool TcpDetails::*in_force;
    const char* name;
};
constexpr DetailName kDetails[] = {
    {&Scenario::bbr_pacing, &TcpDetails::bbr_pacing, "BBR pacing"},
    {&Scenario::bbr_headroom, &TcpDetails::bbr_headroom, "BBR's headroom"},
    {&Scenario::hystart, &TcpDetails::hystart, "HyStart"},
    {&Scenario::delayed_acks, &TcpDetails::delayed_acks, "delayed ACKs"},
    {&Scenario::autotuning, &TcpDetails::autotuning, "autotuning"},
    {&Scenario::prr, &TcpDetails::prr, "PRR"},
    {&Scenario::slow_start_room, &TcpDetails::slow_start_room, "slow start's room"},
};

}  // namespace

std::string stack_words(const Scenario& s) {
    std::string added, removed;
    for (const DetailName& d : kDetails) {
        const Detail v = s.*d.field;
        if (v == Detail::On && s.stack == Stack::Textbook) added += (added.empty() ? "" : ", ") + std::string(d.name);
        if (v == Detail::Off && s.stack == Stack::Linux) removed += (removed.empty() ? "" : ", ") + std::string(d.name);
    }
    std::string out = to_string(s.stack);
    if (!added.empty()) out += " + " + added;
    if (!removed.empty()) out += " without " + removed;
    if (s.rcvbuf_bytes) out += ", SO_RCVBUF " + format_size_short(s.rcvbuf_bytes);
    return out;
}

std::vector<std::string> detail_names(const TcpDetails& d, bool in_force) {
    std::vector<std::string> out;
    for (const DetailName& n : kDetails) {
        // SO_RCVBUF locks the buffer: Linux stops autotuning that socket
        // too, so no autotuning there is not a detail left out.
        if (!in_force && n.in_force == &TcpDetails::autotuning && d.rcvbuf_bytes) continue;
        if (d.*n.in_force == in_force) out.emplace_back(n.name);
    }
    if (in_force && d.rcvbuf_bytes) out.push_back("SO_RCVBUF " + format_size_short(d.rcvbuf_bytes));
    return out;
}

std::string unpaced_bbr_note(const std::vector<ResolvedFlow>& flows, Audience audience) {
    for (const ResolvedFlow& f : flows) {
        if (f.kind != FlowKind::Tcp || f.algorithm != Algorithm::Bbr || f.pacing) continue;
        return audience == Audience::CommandLine
                   ? "Note: BBR ran unpaced, as the textbook draws it; Linux paces BBR itself: --stack linux or "
                     "--bbr-pacing on."
                   : "BBR ran unpaced, as the textbook draws it; Linux paces BBR itself: Stack Linux, or "
                     "“BBR paces itself” under More.";
    }
    return {};
}

}  // namespace inflight
