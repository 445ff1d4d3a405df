// The event log's words (event_text.h), built from an event's numbers: the
// expected sentences are written here from the event log's wording
// ("now limited by rwnd: 65,535 B per RTT"), not copied from
// the code's output; and they go through Qt's translation, context "EventText".
#include <QCoreApplication>
#include <QTranslator>
#include <gtest/gtest.h>

#include <cstring>
#include <utility>

#include "app/formats/csv_export.h"
#include "app/formats/event_text.h"
#include "model/engine/run.h"

using namespace inflight;

namespace {
constexpr std::uint32_t kMss = 1500;

Event event(EventKind kind) {
    Event e;
    e.kind = kind;
    e.mss_bytes = kMss;
    return e;
}

Event limit_change(Limit l, std::uint64_t bytes = 0) {
    Event e = event(EventKind::LimitChange);
    e.limit = l;
    e.limit_bytes = bytes;
    return e;
}

Event congestion(CongestionCause c, double before_packets, double after_packets) {
    Event e = event(EventKind::CongestionEvent);
    e.cause = c;
    e.cwnd_before_bytes = before_packets * kMss;
    e.cwnd_after_bytes = after_packets * kMss;
    return e;
}

Event drops(std::uint64_t tail, std::uint64_t aqm, std::uint64_t random) {
    Event e = event(EventKind::Drops);
    e.drops_tail = tail;
    e.drops_aqm = aqm;
    e.drops_random = random;
    return e;
}

std::string words(const Event& e) { return event_text_utf8(e); }
}  // namespace

TEST(EventText, LimitChangesNameTheLimitAndTheWindow) {
    EXPECT_EQ(words(limit_change(Limit::Rwnd, 65535)), "Now limited by rwnd: 65,535 B per RTT");
    EXPECT_EQ(words(limit_change(Limit::Sndbuf, 1048576)), "Now limited by the send buffer: 1,048,576 B per RTT");
    EXPECT_EQ(words(limit_change(Limit::Rwnd, 999)), "Now limited by rwnd: 999 B per RTT");
    EXPECT_EQ(words(limit_change(Limit::Cwnd)),
              "Now limited by cwnd: the congestion window is smaller than the pipe");
    EXPECT_EQ(words(limit_change(Limit::Pacing)), "Now limited by the pacing rate");
    EXPECT_EQ(words(limit_change(Limit::Link)), "Now limited by the link: a queue stands at the bottleneck");
    EXPECT_EQ(words(limit_change(Limit::App)), "Now limited by the application: it has nothing more to send yet");
}

TEST(EventText, CongestionEventsCountCwndInPackets) {
    // 120,000 B → 84,000 B at a 1,500 B MSS: 80 → 56 packets.
    EXPECT_EQ(words(congestion(CongestionCause::Loss, 80, 56)), "Congestion event (loss): cwnd 80 → 56 packets");
    EXPECT_EQ(words(congestion(CongestionCause::Ecn, 12, 6)), "Congestion event (ECN mark): cwnd 12 → 6 packets");
    // A fractional cwnd rounds to whole packets.
    Event e = congestion(CongestionCause::Loss, 0, 0);
    e.cwnd_before_bytes = 100.4 * kMss;
    e.cwnd_after_bytes = 69.6 * kMss;
    EXPECT_EQ(words(e), "Congestion event (loss): cwnd 100 → 70 packets");
}

TEST(EventText, GroupedCongestionEventsSayHowManyWithinWhatSpan) {
    Event e = congestion(CongestionCause::Ecn, 40, 20);
    e.grouped = true;
    e.count = 3;
    e.group_span_s = 0.1;
    EXPECT_EQ(words(e), "3 more congestion events (ECN mark) within 100 ms: cwnd 40 → 20 packets");
}

TEST(EventText, DropsListEveryCauseThatDropped) {
    // Loss on the link is "link loss" whatever its pattern: evenly spaced
    // (the default) is not random.
    EXPECT_EQ(words(drops(2, 0, 1)), "3 packets dropped: 2 tail drop (buffer full), 1 link loss");
    EXPECT_EQ(words(drops(0, 1, 0)), "1 packet dropped: 1 CoDel drop");
    EXPECT_EQ(words(drops(4, 5, 6)),
              "15 packets dropped: 4 tail drop (buffer full), 5 CoDel drop, 6 link loss");
}

// Counts and packets of four digits and more are grouped in threes, as the
// counters, the hero and the guide write them ("67,650"): a row read
// "20834 packets dropped: 20834 tail drop" beside counters of "tail 20,834".
TEST(EventText, LargeFiguresAreGroupedInThrees) {
    EXPECT_EQ(words(drops(20834, 0, 0)), "20,834 packets dropped: 20,834 tail drop (buffer full)");
    EXPECT_EQ(words(drops(1000, 0, 1234)), "2,234 packets dropped: 1,000 tail drop (buffer full), 1,234 link loss");
    Event e = event(EventKind::SlowStartExit);
    e.cwnd_before_bytes = 1237.0 * kMss;
    EXPECT_EQ(words(e), "Slow start ends at cwnd 1,237 packets (first loss)");
    EXPECT_EQ(words(congestion(CongestionCause::Loss, 1927, 1348.5)), "Congestion event (loss): cwnd 1,927 → 1,348 packets");
    Event marks = event(EventKind::EcnMarks);
    marks.ecn_marks = 12345;
    EXPECT_EQ(words(marks), "12,345 packets CE-marked by CoDel (none dropped)");
    EXPECT_EQ(words(congestion(CongestionCause::Loss, 999, 500)), "Congestion event (loss): cwnd 999 → 500 packets");
}

TEST(EventText, EcnMarksSayNoneWereDropped) {
    Event e = event(EventKind::EcnMarks);
    e.ecn_marks = 1;
    EXPECT_EQ(words(e), "1 packet CE-marked by CoDel (none dropped)");
    e.ecn_marks = 12;
    EXPECT_EQ(words(e), "12 packets CE-marked by CoDel (none dropped)");
}

TEST(EventText, RtoSaysTheNextTimeoutAndTheBackoff) {
    Event e = event(EventKind::Rto);
    e.cause = CongestionCause::Rto;
    e.cwnd_before_bytes = 20.0 * kMss;
    e.next_rto_s = 0.4;
    e.rto_backoff = 2;  // doubled twice: x4
    EXPECT_EQ(words(e), "Retransmission timeout: cwnd 20 → 1 packet, everything unacknowledged resent "
                        "(next RTO 400 ms, backoff x4)");
}

TEST(EventText, SlowStartEndsThreeWays) {
    Event e = event(EventKind::SlowStartExit);
    e.cwnd_before_bytes = 100.0 * kMss;
    e.cause = CongestionCause::Ecn;
    EXPECT_EQ(words(e), "Slow start ends at cwnd 100 packets (first ECN mark)");
    e.cause = CongestionCause::Loss;
    EXPECT_EQ(words(e), "Slow start ends at cwnd 100 packets (first loss)");
    const std::pair<StartEnd, const char*> others[] = {
        {StartEnd::ReachedSsthresh, "Slow start ends: cwnd reached ssthresh"},
        {StartEnd::PipeFull, "Startup ends: bandwidth grew less than 25% for 3 rounds (the pipe is full)"}};
    for (const auto& [how, sentence] : others) {
        e.start_end = how;
        EXPECT_EQ(words(e), sentence);
    }
}

TEST(EventText, HystartNamesItsDetectorAndTheCwnd) {
    Event e = event(EventKind::SlowStartExit);
    e.cwnd_before_bytes = 520.0 * kMss;
    e.start_end = StartEnd::HystartDelay;
    EXPECT_EQ(words(e), "HyStart ended slow start (delay increase) at cwnd 520 packets");
    e.cwnd_before_bytes = 979.0 * kMss;
    e.start_end = StartEnd::HystartAckTrain;
    EXPECT_EQ(words(e), "HyStart ended slow start (ACK train) at cwnd 979 packets");
}

TEST(EventText, BbrStatesSayWhatTheyDo) {
    const std::pair<CcPhase, const char*> states[] = {
        {CcPhase::Startup, "BBR enters Startup"},
        {CcPhase::Drain, "BBR enters Drain: pacing below the bandwidth to empty the queue"},
        {CcPhase::ProbeBw, "BBR enters ProbeBW: cycling pacing gains 1.25, 0.75, 1, ..."},
        {CcPhase::ProbeRtt, "BBR enters ProbeRTT: cwnd 4 packets for at least 200 ms"}};
    Event e = event(EventKind::StateChange);
    for (const auto& [phase, sentence] : states) {
        e.phase = phase;
        EXPECT_EQ(words(e), sentence) << to_string(phase);
    }
}

namespace {
// A translator that knows one sentence of the "EventText" context.
class OneSentence : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char*, int) const override {
        if (std::strcmp(context, "EventText") == 0 && std::strcmp(source, "Now limited by rwnd: %1 B per RTT") == 0)
            return QStringLiteral("Jetzt begrenzt durch rwnd: %1 B pro RTT");
        return {};
    }
    bool isEmpty() const override { return false; }
};
}  // namespace

TEST(EventText, GoesThroughQtsTranslation) {
    OneSentence german;
    ASSERT_TRUE(QCoreApplication::installTranslator(&german));
    EXPECT_EQ(event_text(limit_change(Limit::Rwnd, 65535)), QStringLiteral("Jetzt begrenzt durch rwnd: 65,535 B pro RTT"));
    EXPECT_EQ(event_text(limit_change(Limit::Pacing)), QStringLiteral("Now limited by the pacing rate"));
    QCoreApplication::removeTranslator(&german);
    EXPECT_EQ(words(limit_change(Limit::Rwnd, 65535)), "Now limited by rwnd: 65,535 B per RTT");
}

TEST(EventText, TheEventsCsvCarriesTheSameWords) {
    RunResult r;
    r.events.push_back(drops(2, 1, 0));
    r.events.push_back(limit_change(Limit::Rwnd, 65535));
    const std::string csv = events_csv(r);
    // Quoted where the sentence holds a comma.
    EXPECT_NE(csv.find(",drops,\"3 packets dropped: 2 tail drop (buffer full), 1 CoDel drop\","), std::string::npos)
        << csv;
    EXPECT_NE(csv.find(",limit change,\"Now limited by rwnd: 65,535 B per RTT\","), std::string::npos) << csv;
}

TEST(EventText, NagleStallsSayHowLongAndWhatHeldThem) {
    Event e = event(EventKind::NagleStall);
    e.transfer = 12;
    e.wait_s = 0.0601;
    e.delayed_ack = true;
    EXPECT_EQ(words(e), "Request 12 waited 60.1 ms for an ACK: Nagle + delayed ACK");
    e.transfer = 1;
    e.wait_s = 0.020;
    e.delayed_ack = false;
    EXPECT_EQ(words(e), "Request 1 waited 20.0 ms for an ACK: Nagle");
}

// A ping flow opens no connection: its first event said "Flow starts: SYN
// sent" beside a bulk flow's (experiment 7, every step). Its own words now;
// the TCP flow beside it keeps its SYN.
TEST(EventText, APingFlowsStartSendsNoSyn) {
    Scenario s;
    s.duration_s = 2;
    FlowSpec bulk;
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    s.flows = {bulk, ping};
    const RunResult r = run_scenario(s);
    int starts = 0;
    for (const Event& e : r.events) {
        if (e.kind != EventKind::FlowStart) continue;
        ++starts;
        const std::string w = words(e);
        if (e.flow == 1) {
            EXPECT_EQ(w.find("SYN"), std::string::npos) << w;
            EXPECT_EQ(w, "Pings start: the first one sent");
        } else {
            EXPECT_EQ(w, "Flow starts: SYN sent");
        }
    }
    EXPECT_EQ(starts, 2);
}
