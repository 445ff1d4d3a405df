#include "model/core/result.h"

namespace inflight {

const char* to_string(Limit l) {
    switch (l) {
    case Limit::Cwnd: return "cwnd";
    case Limit::Rwnd: return "rwnd";
    case Limit::Sndbuf: return "sndbuf";
    case Limit::Pacing: return "pacing";
    case Limit::Link: return "link";
    case Limit::App: return "app";
    }
    return "?";
}

const char* to_string(CcPhase p) {
    switch (p) {
    case CcPhase::SlowStart: return "slow start";
    case CcPhase::CongestionAvoidance: return "congestion avoidance";
    case CcPhase::Recovery: return "recovery";
    case CcPhase::Loss: return "RTO recovery";
    case CcPhase::Startup: return "Startup";
    case CcPhase::Drain: return "Drain";
    case CcPhase::ProbeBw: return "ProbeBW";
    case CcPhase::ProbeRtt: return "ProbeRTT";
    }
    return "?";
}

const char* to_string(EventKind k) {
    switch (k) {
    case EventKind::SlowStartExit: return "slow-start exit";
    case EventKind::CongestionEvent: return "congestion event";
    case EventKind::Drops: return "drops";
    case EventKind::EcnMarks: return "ECN marks";
    case EventKind::Rto: return "RTO";
    case EventKind::StateChange: return "state change";
    case EventKind::LimitChange: return "limit change";
    case EventKind::FlowStart: return "flow start";
    case EventKind::SynResent: return "SYN resent";
    case EventKind::TransferDone: return "transfer done";
    case EventKind::TransferOverlap: return "transfer overlap";
    case EventKind::FlowStop: return "flow stop";
    case EventKind::NagleStall: return "Nagle stall";
    }
    return "?";
}

const char* to_string(CongestionCause c) {
    switch (c) {
    case CongestionCause::Loss: return "loss";
    case CongestionCause::Ecn: return "ECN mark";
    case CongestionCause::Rto: return "RTO";
    }
    return "?";
}

}  // namespace inflight
