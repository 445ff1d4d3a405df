// The time–sequence graph against tshark on captures the project writes:
// relative sequence and acknowledgement numbers as tshark's tcp.seq and
// tcp.ack (less the SYN's one), the window line as tcp.ack + tcp.window_size,
// the retransmission marks as tshark's flags, SACK blocks as its
// tcp.options.sack_le; the final ACK of a finite transfer as its size; the
// model's own collector and the capture's reading drawing the same graph;
// the refusals; and the decimation keeping each column's extremes.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <random>

#include "app/capture/capture_reader.h"
#include "app/capture/model_capture.h"
#include "app/capture/packet_tee.h"
#include "app/capture/time_sequence.h"
#include "model/core/flow_spec.h"
#include "model/engine/run.h"
#include "tshark.h"

namespace inflight::capture {
namespace {

using capture_test::TempDir;

// Runs `s` writing `path` and collecting flow `flow`'s graph.
TimeSequence run_with_capture(const Scenario& s, const std::string& path, std::uint16_t flow = 0) {
    std::string error;
    auto writer = PcapFileWriter::open(path, {}, &error);
    EXPECT_TRUE(writer) << error;
    ModelCapture pcap(*writer, s);
    TimeSequenceTap graph(flow);
    PacketTee tee(pcap, graph);
    RunControl control;
    control.tap = &tee;
    run_scenario(s, control);
    pcap.flush();
    EXPECT_FALSE(writer->finish());
    return graph.take();
}

std::optional<TimeSequence> read_graph(const std::string& path, std::optional<int> stream, std::string* error) {
    const auto contents = read_capture(path, error);
    if (!contents) return std::nullopt;
    return time_sequence_of_capture(*contents, path, stream, error);
}

TimeSequence read_graph(const std::string& path, std::optional<int> stream = std::nullopt) {
    std::string error;
    auto g = read_graph(path, stream, &error);
    EXPECT_TRUE(g) << error;
    return g ? *g : TimeSequence{};
}

Scenario lossy() {
    Scenario s;
    s.algorithm = Algorithm::Reno;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.loss = 0.005;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 8;
    return s;
}

std::vector<std::uint64_t> numbers(const std::vector<std::string>& text) {
    std::vector<std::uint64_t> out;
    for (const std::string& t : text) out.push_back(std::stoull(t));
    return out;
}

TEST(TimeSequence, RetransmissionMarksAreTsharksRetransmissions) {
    REQUIRE_TSHARK();
    TempDir dir;
    const std::string f = dir.file("lossy.pcap");
    const TimeSequence model = run_with_capture(lossy(), f);
    const TimeSequence read = read_graph(f);
    const std::size_t tshark = capture_test::tshark_count(f, capture_test::kSenderRetransmissions);
    EXPECT_GT(tshark, 10u);
    EXPECT_EQ(read.retransmissions(), tshark);
    EXPECT_EQ(model.retransmissions(), tshark);
    // The data segments: as many as tshark sees with a payload from the sender.
    EXPECT_EQ(read.segments.size(), capture_test::tshark_count(f, "tcp.dstport == 5201 && tcp.len > 0"));
}

TEST(TimeSequence, RelativeNumbersAreTsharks) {
    REQUIRE_TSHARK();
    TempDir dir;
    const std::string f = dir.file("lossy.pcap");
    run_with_capture(lossy(), f);
    const TimeSequence g = read_graph(f);
    // tshark counts from the ISN (the SYN is 0, the first data byte 1); the graph from the first data byte.
    const auto seq = numbers(capture_test::tshark_field(f, "tcp.dstport == 5201 && tcp.len > 0", "tcp.seq"));
    const auto len = numbers(capture_test::tshark_field(f, "tcp.dstport == 5201 && tcp.len > 0", "tcp.len"));
    ASSERT_EQ(seq.size(), g.segments.size());
    for (std::size_t i : {std::size_t{0}, std::size_t{1}, std::size_t{99}, seq.size() / 2, seq.size() - 1}) {
        EXPECT_EQ(g.segments[i].seq_begin, seq[i] - 1) << "segment " << i;
        EXPECT_EQ(g.segments[i].seq_end, seq[i] - 1 + len[i]) << "segment " << i;
    }
    const std::string acks = "tcp.srcport == 5201 && tcp.flags.syn == 0";
    const auto ack = numbers(capture_test::tshark_field(f, acks, "tcp.ack"));
    const auto window = numbers(capture_test::tshark_field(f, acks, "tcp.window_size"));
    ASSERT_EQ(ack.size(), g.acks.size());
    ASSERT_TRUE(g.window_known);
    for (std::size_t i : {std::size_t{0}, std::size_t{7}, ack.size() / 3, ack.size() - 1}) {
        EXPECT_EQ(g.acks[i].ack, ack[i] - 1) << "ACK " << i;
        EXPECT_EQ(g.acks[i].window_edge, ack[i] - 1 + window[i]) << "ACK " << i;
    }
    // Every SACK block's left edge, in order.
    std::vector<std::uint64_t> left;
    for (const std::string& line : capture_test::tshark_field(f, "tcp.options.sack_le", "tcp.options.sack_le")) {
        std::size_t at = 0;
        while (at < line.size()) {
            const std::size_t comma = line.find(',', at);
            left.push_back(std::stoull(line.substr(at, comma - at)));
            at = comma == std::string::npos ? line.size() : comma + 1;
        }
    }
    ASSERT_EQ(left.size(), g.sacks.size());
    ASSERT_FALSE(left.empty());
    for (std::size_t i : {std::size_t{0}, left.size() / 2, left.size() - 1})
        EXPECT_EQ(g.sacks[i].begin, left[i] - 1) << "SACK block " << i;
}

TEST(TimeSequence, TheModelsCollectorDrawsWhatItsCaptureHolds) {
    TempDir dir;
    const std::string f = dir.file("lossy.pcap");
    const TimeSequence model = run_with_capture(lossy(), f);
    const TimeSequence read = read_graph(f);
    ASSERT_EQ(model.segments.size(), read.segments.size());
    ASSERT_EQ(model.acks.size(), read.acks.size());
    ASSERT_EQ(model.sacks.size(), read.sacks.size());
    for (std::size_t i = 0; i < model.segments.size(); i += 97) {
        EXPECT_NEAR(model.segments[i].t_s, read.segments[i].t_s, 1e-9);  // the capture keeps nanoseconds
        EXPECT_EQ(model.segments[i].seq_begin, read.segments[i].seq_begin);
        EXPECT_EQ(model.segments[i].retransmission, read.segments[i].retransmission);
    }
    // The capture scales the window down by its shift: the same edge within one unit of it.
    const int shift = ModelCapture::window_shift_for(lossy().rwnd_bytes);
    for (std::size_t i = 0; i < model.acks.size(); i += 89) {
        EXPECT_EQ(model.acks[i].ack, read.acks[i].ack);
        EXPECT_NEAR(static_cast<double>(model.acks[i].window_edge), static_cast<double>(read.acks[i].window_edge),
                    std::ldexp(1.0, std::max(shift, 0)));
    }
}

TEST(TimeSequence, TheFinalAckOfATransferIsItsSize) {
    // A 1 MB transfer beside a bulk flow: its last ACK acknowledges 1,000,000 bytes.
    Scenario s;
    s.duration_s = 5;
    FlowSpec bulk;
    FlowSpec page;
    page.size_bytes = 1'000'000;
    s.flows = {bulk, page};
    TempDir dir;
    const std::string f = dir.file("two.pcap");
    const TimeSequence g = run_with_capture(s, f, 1);
    ASSERT_FALSE(g.acks.empty());
    EXPECT_EQ(g.acks.back().ack, 1'000'000u);
    // Its stream in the capture (stream 1: the bulk flow's SYN comes first) says the same.
    const TimeSequence read = read_graph(f, 1);
    ASSERT_FALSE(read.acks.empty());
    EXPECT_EQ(read.acks.back().ack, 1'000'000u);
    EXPECT_EQ(read.segments.size(), g.segments.size());
    EXPECT_EQ(read.sender.rfind("10.0.0.1:16", 0), 0u) << read.sender;  // port 1024 + 600 · flow 1 + connection
}

TEST(TimeSequence, WithoutTheSynsTheWindowLineIsLeftOut) {
    REQUIRE_TSHARK();
    TempDir dir;
    const std::string f = dir.file("lossy.pcap"), cut = dir.file("no-syn.pcap");
    run_with_capture(lossy(), f);
    ASSERT_EQ(capture_test::shell("tshark -r '" + f + "' -Y 'tcp.flags.syn == 0' -w '" + cut + "'").code, 0);
    const TimeSequence g = read_graph(cut);
    EXPECT_FALSE(g.window_known);
    EXPECT_NE(g.window_note.find("window scale is unknown"), std::string::npos);
    // Numbers count from the first data segment (here the connection's first byte).
    ASSERT_FALSE(g.segments.empty());
    EXPECT_EQ(g.segments.front().seq_begin, 0u);
    const auto cols = decimate(g, 0, g.end_s() + 1, 100);
    for (const TsgColumn& c : cols) EXPECT_TRUE(std::isnan(c.edge_hi));
}

TEST(TimeSequence, RefusesOneDirectionAndMissingStreamsInOneLine) {
    REQUIRE_TSHARK();
    TempDir dir;
    const std::string f = dir.file("lossy.pcap"), one = dir.file("one-way.pcap");
    run_with_capture(lossy(), f);
    ASSERT_EQ(capture_test::shell("tshark -r '" + f + "' -Y 'tcp.dstport == 5201' -w '" + one + "'").code, 0);
    std::string error;
    EXPECT_FALSE(read_graph(one, std::nullopt, &error));
    EXPECT_EQ(error.find('\n'), std::string::npos);
    EXPECT_NE(error.find("only"), std::string::npos) << error;
    EXPECT_NE(error.find("one-way.pcap"), std::string::npos) << error;
    EXPECT_FALSE(read_graph(f, 3, &error));
    EXPECT_EQ(error, "--stream 3: '" + f + "' has TCP streams 0 to 0");
}

// A made-up graph: random times and sizes, some retransmissions and SACKs.
TimeSequence random_graph(std::size_t n, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> gap(0, 2e-4);
    std::uniform_int_distribution<int> len(1, 1500), coin(0, 99);
    TimeSequence g;
    g.window_known = true;
    double t = 0;
    std::uint64_t high = 0, ack = 0;
    for (std::size_t i = 0; i < n; ++i) {
        t += gap(rng);
        if (coin(rng) < 3 && high > 3000) {
            g.segments.push_back({t, ack, ack + 1500, true});
        } else {
            const auto l = static_cast<std::uint64_t>(len(rng));
            g.segments.push_back({t, high, high + l, false});
            high += l;
        }
        if (coin(rng) < 60) {
            ack = std::min(high, ack + static_cast<std::uint64_t>(len(rng)));
            g.acks.push_back({t + 1e-5, ack, ack + 65535 + static_cast<std::uint64_t>(len(rng))});
            if (coin(rng) < 10 && high > ack + 2) g.sacks.push_back({t + 1e-5, ack + 1, high});
        }
    }
    return g;
}

TEST(TimeSequence, DecimationKeepsEveryColumnsExtremes) {
    const TimeSequence g = random_graph(200'000, 7);
    const double t0 = 3.0, t1 = 17.0;
    const int n = 733;
    const auto cols = decimate(g, t0, t1, n);
    ASSERT_EQ(cols.size(), static_cast<std::size_t>(n));
    // By brute force: every record in its column's range, and each column's
    // extremes held by some record of it.
    constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> lo(n, nan), hi(n, nan), ack_hi(n, nan);
    const double w = (t1 - t0) / n;
    for (const TsgSegment& s : g.segments) {
        if (s.t_s < t0 || s.t_s >= t1 || s.retransmission) continue;
        const auto k = static_cast<std::size_t>(std::min(n - 1, static_cast<int>(std::floor((s.t_s - t0) / w))));
        if (std::isnan(lo[k]) || double(s.seq_begin) < lo[k]) lo[k] = double(s.seq_begin);
        if (std::isnan(hi[k]) || double(s.seq_end) > hi[k]) hi[k] = double(s.seq_end);
    }
    for (const TsgAck& a : g.acks) {
        if (a.t_s < t0 || a.t_s >= t1) continue;
        const auto k = static_cast<std::size_t>(std::min(n - 1, static_cast<int>(std::floor((a.t_s - t0) / w))));
        if (std::isnan(ack_hi[k]) || double(a.ack) > ack_hi[k]) ack_hi[k] = double(a.ack);
    }
    for (int k = 0; k < n; ++k) {
        const TsgColumn& c = cols[static_cast<std::size_t>(k)];
        if (std::isnan(lo[k])) {
            EXPECT_TRUE(std::isnan(c.data_lo)) << k;
        } else {
            EXPECT_EQ(c.data_lo, lo[k]) << k;
            EXPECT_EQ(c.data_hi, hi[k]) << k;
        }
        // The ACK line never falls here, so its column's top is its last ACK (or the one carried in).
        if (!std::isnan(ack_hi[k])) EXPECT_EQ(c.ack_hi, ack_hi[k]) << k;
        else EXPECT_EQ(c.ack_lo, c.ack_hi) << k;  // a quiet column: the level carried in
    }
    // After the connection's last packet the lines stop.
    const auto past = decimate(g, g.end_s() - 1, g.end_s() + 1, 200);
    EXPECT_FALSE(std::isnan(past.front().ack_hi));
    EXPECT_TRUE(std::isnan(past.back().ack_hi));
    // Every retransmission lands in some column's retransmission count.
    std::uint32_t retx = 0;
    for (const TsgColumn& c : cols) retx += c.retx_count;
    std::uint32_t expected = 0;
    for (const TsgSegment& s : g.segments) expected += s.retransmission && s.t_s >= t0 && s.t_s < t1;
    EXPECT_EQ(retx, expected);
}

TEST(TimeSequence, AMillionSegmentsDecimateToAFewThousandPointsQuickly) {
    const TimeSequence g = random_graph(1'000'000, 11);
    const auto start = std::chrono::steady_clock::now();
    const auto cols = decimate(g, 0, g.end_s(), 1600);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(cols.size(), 1600u);
    std::uint64_t marks = 0;
    for (const TsgColumn& c : cols) marks += c.data_count + c.retx_count;
    EXPECT_EQ(marks, g.segments.size() - 1);  // the last segment sits at end_s, outside [0, end_s)
    std::cout << "decimated 1,000,000 segments to 1,600 columns in " << ms << " ms\n";
}

}  // namespace
}  // namespace inflight::capture
