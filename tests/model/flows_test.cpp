// What several flows on one bottleneck must show, as acceptance tests.
// Expected values come from the stated figures, from arithmetic
// (window / RTT, slow-start rounds) and from the papers (Ware et
// al., IMC 2019, for BBR against CUBIC), never from the model's output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numeric>
#include <thread>

#include "model/engine/run.h"

using namespace inflight;

namespace {
constexpr double kMbps = 1e6;

FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}
FlowSpec ping(double interval_s = 0.100) {
    FlowSpec f;
    f.kind = FlowKind::Ping;
    f.ping_interval_s = interval_s;
    return f;
}
FlowSpec transfer(std::uint64_t bytes, double start_s = 0) {
    FlowSpec f;
    f.size_bytes = bytes;
    f.start_s = start_s;
    return f;
}
Scenario path(double bw, double rtt_s, double buffer_s, double duration_s = 40) {
    Scenario s;
    s.bandwidth_bps = bw;
    s.rtt_s = rtt_s;
    s.buffer_s = buffer_s;
    s.duration_s = duration_s;
    return s;
}
double share_of(const RunResult& r, std::size_t i) { return r.flows[i].summary.share; }

// The conservation and sum laws, checked on every result below that has
// flows. The sum holds when every flow is active through the window (one that
// stops inside it has its rate over the part it was active).
void expect_conserved(const RunResult& r, bool all_active = true) {
    for (std::size_t i = 0; i < r.flows.size(); ++i) {
        const Trace& t = r.flow_trace(i);
        ASSERT_EQ(t.buckets.size(), 5000u) << "flow " << i;
        for (const TraceBucket& b : t.buckets)
            ASSERT_EQ(b.pkts_sent, b.pkts_delivered + b.pkts_dropped + b.pkts_in_network)
                << "flow " << i << " at t=" << b.t_end_s;
    }
    double sum = 0;
    for (const FlowResult& f : r.flows) sum += f.summary.throughput_bps;
    if (all_active) {
        EXPECT_NEAR(sum, r.summary.throughput_bps, 1e-6 * r.summary.throughput_bps + 1);
    }
    const double one_packet = 9000.0 * 8 / (r.scenario.duration_s / 2);  // the window's ACKs stand for receptions one RTT earlier
    EXPECT_LE(r.summary.throughput_bps, r.scenario.bandwidth_bps + r.flows.size() * one_packet);
}
}  // namespace

// ---- 1. Conservation per flow ----

TEST(Flows, PacketsAreConservedPerFlowAtEverySampleAndThroughputsAddUp) {
    // Tail drop, random loss, CoDel and fq_codel drops, RTOs, a ping and
    // repeated transfers that overlap: sent = delivered + dropped + in the network.
    Scenario lossy = path(20e6, 0.05, 0.01, 15);
    lossy.loss = 0.02;
    lossy.loss_pattern = LossPattern::Random;
    lossy.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr), ping(0.010)};
    Scenario codel = path(100e6, 0.02, 0.5, 15);
    codel.aqm = Aqm::Codel;
    FlowSpec web = transfer(200'000);
    web.every_s = 0.05;  // due again before the last one finishes: overlapping connections
    codel.flows = {tcp(Algorithm::Reno), web, ping()};
    Scenario fq = codel;
    fq.aqm = Aqm::FqCodel;
    Scenario rtts = path(50e6, 0.02, 0.02, 15);
    FlowSpec far = tcp(Algorithm::Cubic);
    far.rtt_s = 0.2;
    rtts.flows = {tcp(Algorithm::Cubic), far, tcp(Algorithm::Bbr)};
    // (the repeated transfers' last page ends inside the window: no sum there)
    for (const auto& [s, all_active] : {std::pair{lossy, true}, {codel, false}, {fq, false}, {rtts, true}}) {
        const RunResult r = run_scenario(s);
        ASSERT_EQ(r.flows.size(), s.flows.size());
        expect_conserved(r, all_active);
        std::uint64_t dropped = 0;
        for (const FlowResult& f : r.flows) dropped += f.trace.buckets.back().pkts_dropped;
        EXPECT_GT(dropped, 0u);
        EXPECT_EQ(dropped, r.summary.drops_tail + r.summary.drops_aqm + r.summary.drops_random);
    }
}

// ---- 2. Equal flows share equally ----

TEST(Flows, TwoCubicFlowsShareEqually) {
    Scenario s = path(50e6, 0.040, 0.040, 60);
    s.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Cubic)};
    const RunResult r = run_scenario(s);
    EXPECT_GE(r.summary.jain_index, 0.95);
    EXPECT_GE(r.summary.utilisation, 0.95);
    expect_conserved(r);
}

TEST(Flows, FourBbrFlowsShareEqually) {
    Scenario s = path(50e6, 0.040, 0.040, 60);
    s.flows.assign(4, tcp(Algorithm::Bbr));
    const RunResult r = run_scenario(s);
    EXPECT_GE(r.summary.jain_index, 0.9);
}

// ---- 3. Parallel streams ----

TEST(Flows, ParallelStreamsMultiplyAWindowLimitedFlow) {
    // window / RTT: 65,535 B × 8 / 80 ms = 6.55 Mbit/s per stream.
    const double one = 65535 * 8 / 0.080;
    auto run_parallel = [](std::size_t n) {
        Scenario s = path(100e6, 0.080, 0.100);
        s.rwnd_bytes = 65535;
        s.flows.assign(n, FlowSpec{});
        return run_scenario(s);
    };
    const RunResult p1 = run_parallel(1), p10 = run_parallel(10), p20 = run_parallel(20);
    EXPECT_NEAR(p1.summary.throughput_bps, one, 0.02 * one);
    EXPECT_NEAR(p10.summary.throughput_bps, 10 * one, 0.02 * 10 * one);
    EXPECT_GE(p20.summary.utilisation, 0.95);  // 20 × 6.55 = 131 Mbit/s: the link binds
    expect_conserved(p20);
    // Ten streams ask 65.5 Mbit/s: their windows bind. Twenty keep the link
    // full: it binds the aggregate, while each stream is still held by its
    // own window (its rate is 65,535 B over its RTT, queue included).
    EXPECT_EQ(p10.summary.binding_limit, Limit::Rwnd);
    EXPECT_EQ(p20.summary.binding_limit, Limit::Link);
    for (const FlowResult& f : p20.flows) {
        EXPECT_EQ(f.summary.binding_limit, Limit::Rwnd);
        EXPECT_NEAR(f.summary.throughput_bps, 65535 * 8 / f.summary.mean_rtt_s, 0.02 * 65535 * 8 / f.summary.mean_rtt_s);
    }
}

TEST(Flows, ParallelStreamsMultiplyALossLimitedFlow) {
    // Each stream sits on its own response function (even loss is counted
    // per flow), so ten get ten times one.
    Scenario s = path(1e9, 0.080, 0.100);
    s.loss = 1e-4;
    s.flows.assign(1, FlowSpec{});
    const double one = run_scenario(s).summary.throughput_bps;
    s.flows.assign(10, FlowSpec{});
    const double ten = run_scenario(s).summary.throughput_bps;
    EXPECT_NEAR(ten / one, 10.0, 1.5);
}

// ---- 4. BBR against CUBIC ----

namespace {
double bbr_share(double buffer_s, std::size_t cubic_flows) {
    Scenario s = path(50e6, 0.040, buffer_s, 60);
    s.flows = {tcp(Algorithm::Bbr)};
    for (std::size_t i = 0; i < cubic_flows; ++i) s.flows.push_back(tcp(Algorithm::Cubic));
    return share_of(run_scenario(s), 0);
}
}  // namespace

TEST(Flows, BbrsShareAgainstCubicFallsAsTheBufferGrows) {
    // 1 BDP = 40 ms of 50 Mbit/s.
    const double at_1 = bbr_share(0.040, 1), at_16 = bbr_share(0.640, 1);
    EXPECT_GT(at_1, 0.5);
    EXPECT_LT(at_16, at_1);
}

TEST(Flows, BbrsShareIsSetByTheBufferNotByHowManyCubicFlows) {
    // Ware et al. (IMC 2019): BBR is capped by its in-flight limit.
    EXPECT_NEAR(bbr_share(0.160, 4), bbr_share(0.160, 1), 0.15);
}

// ---- 5. RTT ----

TEST(Flows, RttUnfairness) {
    for (Algorithm a : {Algorithm::Cubic, Algorithm::Bbr}) {
        Scenario s = path(100e6, 0.080, 0.080);  // FIFO of 1 BDP at 80 ms
        FlowSpec near = tcp(a), far = tcp(a);
        near.rtt_s = 0.020;
        far.rtt_s = 0.080;
        s.flows = {near, far};
        const RunResult r = run_scenario(s);
        if (a == Algorithm::Cubic)
            EXPECT_GT(share_of(r, 0), share_of(r, 1)) << "loss-based: the short RTT grows faster";
        else
            EXPECT_GT(share_of(r, 1), share_of(r, 0)) << "BBR: 2·BtlBw·min_rtt is larger at 80 ms";
    }
}

// ---- 6. The latency others pay ----

namespace {
RunResult bulk_and_ping(Aqm aqm) {
    Scenario s = path(50e6, 0.020, 0.200);
    s.aqm = aqm;
    s.flows = {tcp(Algorithm::Cubic), ping()};
    return run_scenario(s);
}
}  // namespace

TEST(Flows, APingBehindABloatedFifoPaysTheQueue) {
    const RunResult r = bulk_and_ping(Aqm::None);
    const FlowSummary& p = r.flows[1].summary;
    EXPECT_GE(p.ping_mean_rtt_s, 0.120);
    EXPECT_LE(p.ping_mean_rtt_s, 0.230);
    EXPECT_GT(p.pings_sent, 390u);  // one every 100 ms for 40 s
}

TEST(Flows, CodelShortensTheQueueThePingPays) {
    EXPECT_LE(bulk_and_ping(Aqm::Codel).flows[1].summary.ping_mean_rtt_s, 0.040);
}

TEST(Flows, FqCodelGivesThePingTheBaseRttAndTheBulkFlowTheLink) {
    const RunResult r = bulk_and_ping(Aqm::FqCodel);
    EXPECT_LE(r.flows[1].summary.ping_p95_rtt_s, 0.022);
    EXPECT_GE(r.flows[0].summary.throughput_bps / 50e6, 0.95);
    expect_conserved(r);
}

// ---- 7. Short transfers ----

namespace {
// Handshake + 3 rounds of slow start (10 + 20 + 40 ≥ 67 packets of 1500 B).
constexpr double kEmptyPathFct = 4 * 0.080;
double fct_beside_bulk(Aqm aqm) {
    Scenario s = path(100e6, 0.080, 0.200);
    s.aqm = aqm;
    s.flows = {tcp(Algorithm::Cubic), transfer(100'000, 20)};
    const RunResult r = run_scenario(s);
    EXPECT_EQ(r.flows[1].summary.fct_s.size(), 1u);
    return r.flows[1].summary.fct_s.empty() ? 0 : r.flows[1].summary.fct_s[0];
}
}  // namespace

TEST(Flows, AShortTransferOnAnEmptyPathTakesTheHandshakeAndThreeRounds) {
    Scenario s = path(100e6, 0.080, 0.100);
    s.flows = {transfer(100'000)};
    const RunResult r = run_scenario(s);
    const FlowSummary& f = r.flows[0].summary;
    ASSERT_EQ(f.fct_s.size(), 1u);
    EXPECT_NEAR(f.fct_s[0], kEmptyPathFct, 0.05 * kEmptyPathFct);
    EXPECT_DOUBLE_EQ(f.fct_mean_s, f.fct_s[0]);
    EXPECT_DOUBLE_EQ(f.fct_max_s, f.fct_s[0]);
    const bool logged = std::any_of(r.events.begin(), r.events.end(), [&](const Event& e) {
        return e.kind == EventKind::TransferDone && e.flow == 0 && e.fct_s == f.fct_s[0] && e.size_bytes == 100'000;
    });
    EXPECT_TRUE(logged);
}

TEST(Flows, AShortTransferBehindABloatedFifoTakesTwiceAsLong) {
    EXPECT_GE(fct_beside_bulk(Aqm::None), 2 * kEmptyPathFct);
}

TEST(Flows, FqCodelGivesAShortTransferTheEmptyPath) {
    EXPECT_NEAR(fct_beside_bulk(Aqm::FqCodel), kEmptyPathFct, 0.25 * kEmptyPathFct);
}

namespace {
// One transfer of `bytes` every `every_s` on an empty 100 Mbit/s, 80 ms
// path for 10 s.
Scenario repeated_transfer(std::uint64_t bytes, double every_s) {
    Scenario s = path(100e6, 0.080, 0.100, 10);
    FlowSpec web = transfer(bytes);
    web.every_s = every_s;
    s.flows = {web};
    return s;
}
}  // namespace

TEST(Flows, RepeatedTransfersAreNewConnectionsAndOverlapsAreLogged) {
    const RunResult pages = run_scenario(repeated_transfer(100'000, 2));
    // 0, 2, 4, 6, 8 s: five pages, each a new handshake and slow start from IW 10.
    ASSERT_EQ(pages.flows[0].summary.fct_s.size(), 5u);
    for (double fct : pages.flows[0].summary.fct_s) EXPECT_NEAR(fct, kEmptyPathFct, 0.05 * kEmptyPathFct);
    expect_conserved(pages, false);

    // 1 MB takes longer than 100 ms at 80 ms RTT: later ones overlap.
    const RunResult r = run_scenario(repeated_transfer(1'000'000, 0.1));
    const auto overlaps = std::count_if(r.events.begin(), r.events.end(), [](const Event& e) {
        return e.kind == EventKind::TransferOverlap && e.flow == 0;
    });
    EXPECT_GT(overlaps, 0);
    EXPECT_GT(r.flows[0].summary.fct_s.size(), 50u);  // ~99 started, most done by the end
    expect_conserved(r, false);
}

TEST(Flows, ARepeatedTransfersThroughputIsWhatItOffers) {
    // 100 KB every second on an empty 100 Mbit/s path (each takes about
    // 0.33 s): the steady state, 5 – 10 s, holds the transfers started at
    // 5, 6, 7, 8 and 9 s, all done by 9.4 s: 500,000 B in 5 s = 800 kbit/s.
    // The idle time after the last one counts as the gaps between them do.
    const RunResult r = run_scenario(repeated_transfer(100'000, 1));
    EXPECT_NEAR(r.flows[0].summary.throughput_bps, 500'000 * 8 / 5.0, 1.0);
    // Of each second, the handshake and two rounds of slow start (10 and 20
    // packets, each waiting an 80 ms RTT for its ACKs) are the window's: 0.24
    // s; the last round sends all that is left (37 packets), and from then
    // on the application has nothing more: 0.76 s, less the moments a queue
    // stands at the link (a flight's serialisation, under 1%).
    const auto& shares = r.flows[0].summary.binding_fractions;
    EXPECT_NEAR(shares[static_cast<int>(Limit::Cwnd)], 0.24, 0.01);
    EXPECT_NEAR(shares[static_cast<int>(Limit::App)], 0.76, 0.015);
    // A single transfer is measured over its own life in the window.
    Scenario s = path(100e6, 0.080, 0.100, 10);
    s.flows = {transfer(10'000'000, 5)};
    const RunResult one = run_scenario(s);
    ASSERT_EQ(one.flows[0].summary.fct_s.size(), 1u);
    const double fct = one.flows[0].summary.fct_s[0];
    ASSERT_LT(5 + fct, 10.0);
    EXPECT_NEAR(one.flows[0].summary.throughput_bps, 10'000'000 * 8 / fct, 0.02 * 10'000'000 * 8 / fct);
}

// ---- 8. One flow is today's flow ----

TEST(Flows, OneListedFlowIsTheScenarioWithoutFlows) {
    Scenario plain;
    plain.loss = 1e-4;
    Scenario listed = plain;
    listed.flows = {FlowSpec{}};
    const RunResult a = run_scenario(plain), b = run_scenario(listed);
    ASSERT_EQ(a.flows.size(), 1u);
    EXPECT_EQ(a.summary.throughput_bps, b.summary.throughput_bps);
    EXPECT_EQ(a.summary.packets_simulated, b.summary.packets_simulated);
    EXPECT_EQ(a.events.size(), b.events.size());
    // The per-flow entry is the run itself.
    EXPECT_EQ(a.flows[0].summary.throughput_bps, a.summary.throughput_bps);
    EXPECT_EQ(a.flows[0].summary.share, 1.0);
    // One flow's trace is the run's own, held once: flows[0] keeps no copy.
    EXPECT_TRUE(a.flows[0].trace.buckets.empty());
    EXPECT_EQ(&a.flow_trace(0), &a.trace);
    EXPECT_EQ(a.trace.buckets.size(), 5000u);
    EXPECT_EQ(a.summary.jain_index, 1.0);
}

TEST(Flows, TheHandshakeDelaysTheFirstDataByOneRtt) {
    Scenario s;
    s.duration_s = 1;
    const RunResult r = run_scenario(s);
    // Buckets of 200 µs: nothing but the SYN before one base RTT.
    for (const TraceBucket& b : r.trace.buckets) {
        if (b.t_end_s < 0.080) {
            EXPECT_LE(b.pkts_sent, 1u) << "at " << b.t_end_s;
        }
    }
    EXPECT_EQ(r.events.front().kind, EventKind::FlowStart);
}

TEST(Flows, ALateFlowSaysNothingBeforeItsSyn) {
    // A flow exists from its start; before its SYN it has no window
    // and no limit to report. A BBR flow starting at 2 s beside CUBIC (0.1%
    // loss, 10 s) once logged "now limited by cwnd" at 0.5 s.
    Scenario s;
    s.loss = 1e-3;
    s.duration_s = 10;
    FlowSpec late = tcp(Algorithm::Bbr);
    late.start_s = 2;
    s.flows = {tcp(Algorithm::Cubic), late};
    const RunResult r = run_scenario(s);
    bool started = false, judged = false;
    for (const Event& e : r.events) {
        if (e.flow != 1) continue;
        if (!started) {
            EXPECT_EQ(e.kind, EventKind::FlowStart) << "flow 2's first event, at " << e.t_s << " s";
            EXPECT_EQ(e.t_s, 2.0);
            started = true;
        }
        if (e.kind == EventKind::LimitChange) {
            // The limit is judged over whole periods of the flow's own life.
            EXPECT_GT(e.t_s, 2.0);
            judged = true;
        }
    }
    EXPECT_TRUE(started);
    EXPECT_TRUE(judged) << "flow 2 never reported its binding limit";
}

// ---- Settled? ----

TEST(Flows, SettledFiresWhenTheHalvesOfTheWindowDisagree) {
    // A flow that starts sending in the second half of the window: the first
    // half's shares (all to flow 1) and the second's (shared) differ.
    Scenario s = path(50e6, 0.040, 0.040);
    FlowSpec late = tcp(Algorithm::Cubic);
    late.start_s = 30;
    s.flows = {tcp(Algorithm::Cubic), late};
    EXPECT_FALSE(run_scenario(s).summary.settled);
    s.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Cubic)};
    s.duration_s = 60;
    EXPECT_TRUE(run_scenario(s).summary.settled);
}

TEST(Flows, SettledFiresOnASingleFlowStillInSlowStart) {
    // 10 Gbit/s × 200 ms: the BDP is 166,667 packets, which slow start
    // (10 packets, doubling each 200 ms round after a one-RTT handshake)
    // reaches only after 14 rounds, about 3 s. In a 2 s run the whole window
    // [1, 2] s is slow start, and each half delivers about 2^(0.5/0.2) = 5.7
    // times the one before: the figure is the ramp.
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.bandwidth_bps = 10e9;
    s.rtt_s = 0.200;
    s.duration_s = 2;
    const RunResult r = run_scenario(s);
    EXPECT_FALSE(r.summary.settled);
    EXPECT_FALSE(r.flows[0].summary.settled);
}

TEST(Flows, SettledStaysQuietOnEveryScenarioOfTheExperiments) {
    // The settled warning must not fire on the guided experiments' one-flow
    // scenarios (evenly spaced loss), whose figures are steady.
    std::vector<std::pair<std::string, Scenario>> cases;
    auto add = [&](std::string name, auto change) {
        Scenario s;  // the lessons' defaults: CUBIC, 100 Mbit/s, 80 ms, 100 ms buffer, 40 s
        change(s);
        cases.emplace_back(std::move(name), s);
    };
    for (double bw : {25e6, 100e6, 1e9, 10e9})
        for (Algorithm a : {Algorithm::Cubic, Algorithm::Reno})
            add("1e-4 at " + std::to_string(bw), [&](Scenario& s) {
                s.algorithm = a;
                s.bandwidth_bps = bw;
                s.loss = 1e-4;
            });
    for (Algorithm a : {Algorithm::Cubic, Algorithm::Reno})
        add("1e-3", [&](Scenario& s) {
            s.algorithm = a;
            s.loss = 1e-3;
        });
    for (double bw : {100e6, 1e9})
        add("rwnd 65535", [&](Scenario& s) {
            s.bandwidth_bps = bw;
            s.rwnd_bytes = 65535;
        });
    for (double buffer : {0.020, 0.100, 0.250, 0.500})
        for (Aqm aqm : {Aqm::None, Aqm::Codel})
            add("bufferbloat", [&](Scenario& s) {
                s.rtt_s = 0.020;
                s.buffer_s = buffer;
                s.aqm = aqm;
            });
    add("codel ecn", [](Scenario& s) {
        s.rtt_s = 0.020;
        s.aqm = Aqm::Codel;
        s.ecn = true;
    });
    for (bool pacing : {false, true})
        add("bbr", [&](Scenario& s) {
            s.algorithm = Algorithm::Bbr;
            s.pacing = pacing;
        });
    for (const auto& [name, s] : cases) {
        const RunResult r = run_scenario(s);
        EXPECT_TRUE(r.summary.settled) << name << " (" << to_string(s.algorithm) << ", buffer " << s.buffer_s << " s)";
    }
}

// ---- Determinism and independence ----

namespace {
bool same(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }
void expect_identical(const RunResult& a, const RunResult& b) {
    ASSERT_EQ(a.flows.size(), b.flows.size());
    EXPECT_TRUE(same(a.summary.throughput_bps, b.summary.throughput_bps));
    EXPECT_TRUE(same(a.summary.jain_index, b.summary.jain_index));
    EXPECT_TRUE(same(a.summary.p95_queue_delay_s, b.summary.p95_queue_delay_s));
    EXPECT_EQ(a.summary.packets_simulated, b.summary.packets_simulated);
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        EXPECT_TRUE(same(a.events[i].t_s, b.events[i].t_s) && a.events[i].kind == b.events[i].kind &&
                    a.events[i].flow == b.events[i].flow)
            << "event " << i;
    }
    for (std::size_t f = 0; f < a.flows.size(); ++f) {
        const FlowSummary &x = a.flows[f].summary, &y = b.flows[f].summary;
        EXPECT_TRUE(same(x.throughput_bps, y.throughput_bps) && same(x.mean_rtt_s, y.mean_rtt_s) &&
                    same(x.ping_p95_rtt_s, y.ping_p95_rtt_s) && x.fct_s == y.fct_s && x.retransmits == y.retransmits)
            << "flow " << f;
        const auto &p = a.flows[f].trace.buckets, &q = b.flows[f].trace.buckets;
        ASSERT_EQ(p.size(), q.size());
        for (std::size_t i = 0; i < p.size(); ++i)
            ASSERT_TRUE(same(p[i].cwnd_bytes.max, q[i].cwnd_bytes.max) && same(p[i].rtt_s.min, q[i].rtt_s.min) &&
                        same(p[i].queue_bytes.max, q[i].queue_bytes.max) && p[i].pkts_sent == q[i].pkts_sent)
                << "flow " << f << " bucket " << i;
    }
}
Scenario mixed(Aqm aqm) {
    Scenario s = path(100e6, 0.030, 0.100, 12);
    s.aqm = aqm;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    FlowSpec web = transfer(100'000);
    web.every_s = 0.5;
    FlowSpec far = tcp(Algorithm::Bbr);
    far.rtt_s = 0.090;
    s.flows = {tcp(Algorithm::Cubic), far, web, ping(0.02), tcp(Algorithm::Reno)};
    return s;
}
}  // namespace

TEST(Flows, SameSeedSameResultAcrossThreads) {
    for (Aqm aqm : {Aqm::None, Aqm::FqCodel}) {
        const Scenario s = mixed(aqm);
        const RunResult here = run_scenario(s);
        RunResult there;
        std::thread t([&] { there = run_scenario(s); });
        t.join();
        expect_identical(here, there);
    }
}

TEST(Flows, TwoEnginesSideBySideDoNotTouch) {
    // No global state: two different runs at once give what each gives alone.
    const Scenario a = mixed(Aqm::FqCodel), b = mixed(Aqm::Codel);
    const RunResult alone_a = run_scenario(a), alone_b = run_scenario(b);
    RunResult together_a, together_b;
    std::thread ta([&] { together_a = run_scenario(a); });
    std::thread tb([&] { together_b = run_scenario(b); });
    ta.join();
    tb.join();
    expect_identical(alone_a, together_a);
    expect_identical(alone_b, together_b);
}

TEST(Flows, EventsNameTheirFlow) {
    const RunResult r = run_scenario(mixed(Aqm::None));
    std::vector<bool> seen(5, false);
    for (const Event& e : r.events) {
        ASSERT_GE(e.flow, 0);
        ASSERT_LT(e.flow, 5);
        seen[static_cast<std::size_t>(e.flow)] = true;
    }
    for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_TRUE(seen[i]) << "flow " << i;
    for (std::size_t i = 1; i < r.events.size(); ++i) EXPECT_LE(r.events[i - 1].t_s, r.events[i].t_s);
}

// ---- A flow starved in the steady window ----

// CUBIC at 20 ms against BBR at 100 ms on a 100 ms buffer: CUBIC is pushed
// into RTO backoff and, in the second half, has a hole still open at the
// end, the data it had SACKed above it arrived before the window. It
// delivered nothing in order there, so its throughput is 0 — not the
// in-order point less the bytes that had arrived, wrapped round 2^64
// (7.4e18 bit/s, a share of 7.6e10). Bounds by definition: each flow's
// throughput lies in [0, link], each share in [0, 1], the shares sum to 1.
TEST(Flows, AFlowStarvedInTheWindowCountsNothingNotAWrappedNegative) {
    Scenario s = path(100 * kMbps, 0.100, 0.100);
    FlowSpec near = tcp(Algorithm::Cubic);
    near.rtt_s = 0.020;
    s.flows = {near, tcp(Algorithm::Bbr)};
    const RunResult r = run_scenario(s);
    ASSERT_EQ(r.flows.size(), 2u);
    double shares = 0;
    for (const FlowResult& f : r.flows) {
        EXPECT_GE(f.summary.throughput_bps, 0);
        EXPECT_LE(f.summary.throughput_bps, s.bandwidth_bps);
        EXPECT_GE(f.summary.share, 0);
        EXPECT_LE(f.summary.share, 1);
        shares += f.summary.share;
    }
    EXPECT_NEAR(shares, 1, 1e-9);
    EXPECT_LE(r.summary.jain_index, 1);
    EXPECT_LE(r.summary.throughput_bps, s.bandwidth_bps);
}
