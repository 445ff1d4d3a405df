// The project's reader against tshark on the same files: retransmissions,
// the largest bytes in flight and duplicate ACKs as tshark counts them, the
// stream numbering as tcp.stream, and goodput as the model run measured it
// itself; and the bad inputs, each one line naming the file and the problem.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "app/capture/capture_reader.h"
#include "app/capture/model_capture.h"
#include "app/capture/sack_scoreboard.h"
#include "app/capture/stream_analysis.h"
#include "app/capture/tcp_streams.h"
#include "app/capture/time_sequence.h"
#include "model/engine/run.h"
#include "model_capture_file.h"
#include "tshark.h"

namespace inflight::capture {
namespace {

using capture_test::TempDir;

using capture_test::write_model_capture;

CaptureAnalysis analyze(const std::string& path, std::optional<int> stream = std::nullopt) {
    std::string error;
    const auto contents = read_capture(path, &error);
    EXPECT_TRUE(contents) << error;
    if (!contents) return {};
    auto a = analyze_capture(*contents, path, stream, &error);
    EXPECT_TRUE(a) << error;
    return a ? *a : CaptureAnalysis{};
}

std::string refusal(const std::string& path) {
    std::string error;
    const auto contents = read_capture(path, &error);
    if (!contents) return error;
    if (analyze_capture(*contents, path, std::nullopt, &error)) return "";
    return error;
}

Scenario lossy(Algorithm algo) {
    Scenario s;
    s.algorithm = algo;
    s.bandwidth_bps = 20e6;
    s.rtt_s = 0.040;
    s.loss = 0.001;
    s.loss_pattern = LossPattern::Random;
    s.duration_s = 10;
    return s;
}

TEST(CaptureReader, AgreesWithTsharkOnAModelCapture) {
    REQUIRE_TSHARK();
    TempDir dir;
    for (Algorithm algo : {Algorithm::Reno, Algorithm::Cubic}) {
        const std::string f = dir.file("lossy.pcap");
        const RunResult run = write_model_capture(lossy(algo), f);
        const CaptureAnalysis a = analyze(f);
        EXPECT_EQ(a.result.summary.retransmits, capture_test::tshark_count(f, capture_test::kSenderRetransmissions));
        EXPECT_EQ(static_cast<double>(a.max_bytes_in_flight),
                  capture_test::tshark_max(f, "tcp.analysis.bytes_in_flight"));
        EXPECT_EQ(a.duplicate_acks, capture_test::tshark_count(f, "tcp.analysis.duplicate_ack"));
        // Goodput over the second half, as the run measured its own.
        EXPECT_NEAR(a.result.summary.throughput_bps, run.summary.throughput_bps, 0.01 * run.summary.throughput_bps);
        // RTT samples: no lower than the path's base RTT, the mean within the run's range.
        EXPECT_GE(a.result.summary.min_rtt_s, 0.040 - 1e-6);
        EXPECT_LE(a.result.summary.min_rtt_s, run.summary.min_rtt_s + 1e-6);
    }
}

// A window that opens during SACK recovery: a 2 s run's slow start
// overshoots and loses every other segment late in its first second, so
// at 1 s the receiver already holds 0.3 MB above a hole. Counted as the
// cumulative ACK's progress, those bytes were credited to the window:
// 107 Mbit/s of payload on a 100 Mbit/s link. Counted as the run counts
// its own (in order by the end, less what had arrived by the start) it is
// at most the link rate, give or take the one packet a boundary cuts, and
// agrees with the run.
TEST(CaptureReader, GoodputOverAWindowOpeningInRecoveryStaysWithinTheLink) {
    TempDir dir;
    for (double duration_s : {2.0, 2.5, 3.0}) {
        Scenario s;
        s.duration_s = duration_s;
        const std::string f = dir.file("short.pcap");
        const RunResult run = write_model_capture(s, f);
        const CaptureAnalysis a = analyze(f);
        const double one_packet_bps = s.mss_bytes * 8.0 / (duration_s / 2);
        EXPECT_LE(a.result.summary.throughput_bps, s.bandwidth_bps + one_packet_bps) << duration_s << " s";
        EXPECT_NEAR(a.result.summary.throughput_bps, run.summary.throughput_bps, 0.01 * s.bandwidth_bps)
            << duration_s << " s";
    }
}

// Delivery per bucket on a 50 Mbit/s, 40 ms path with 0.01% loss for 10 s
// (`inflight run --rtt 40ms --bandwidth 50Mbps --duration 10s --loss 0.01%
// --pcap`): a byte counts as delivered when it is first acknowledged, by a
// SACK block or by the cumulative ACK, and once. Counted as the cumulative
// ACK's progress, the end of each SACK recovery delivered everything the
// receiver had held above the hole in one 10 ms bucket: 579 Mbit/s.
// The link delivers 50 Mbit/s × 10 ms = 62,500 B per bucket. The slack:
// the ACKs come back spaced by the link, but a bucket's edges cut between
// them, and one ACK may acknowledge two segments (a delayed ACK), so a
// bucket may hold one ACK's bytes more than the link's share: two
// segments, 3,000 B (4.8%).
TEST(CaptureReader, DeliveryPerBucketCountsEachByteOnceWhenFirstAcknowledged) {
    TempDir dir;
    Scenario s;
    s.bandwidth_bps = 50e6;
    s.rtt_s = 0.040;
    s.loss = 0.0001;
    s.duration_s = 10;
    const std::string f = dir.file("bulk.pcap");
    write_model_capture(s, f);
    const CaptureAnalysis a = analyze(f);
    const Trace& tr = a.result.trace;
    ASSERT_GT(a.result.summary.retransmits, 0u);  // there was SACK recovery to get wrong
    ASSERT_NEAR(tr.bucket_s, 0.010, 0.0001);
    const double link_bytes = s.bandwidth_bps / 8 * tr.bucket_s;  // 62,500 B
    const double slack_bytes = 2.0 * s.mss_bytes;
    double most_bytes = 0, delivered_bytes = 0;
    for (const TraceBucket& b : tr.buckets) {
        const double bytes = b.delivery_rate_bps.max * tr.bucket_s / 8;
        most_bytes = std::max(most_bytes, bytes);
        delivered_bytes += bytes;
        EXPECT_LE(bytes, link_bytes + slack_bytes) << "bucket at " << b.t_start_s << " s";
    }
    std::printf("largest 10 ms bucket: %.0f B (%.1f Mbit/s) on a 50 Mbit/s link\n", most_bytes,
                most_bytes * 8 / tr.bucket_s / 1e6);
    // Each byte once: the buckets add up to the cumulative ACK's total
    // (the run ends with no hole open), and so does the delivered counter.
    EXPECT_NEAR(delivered_bytes, static_cast<double>(a.acked_bytes), 1.0);
    EXPECT_EQ(tr.buckets.back().delivered_bytes, a.acked_bytes);
}

// The scoreboard: the union of every SACK block seen above the cumulative
// ACK (RFC 6675 §3), by arithmetic.
TEST(SackScoreboard, KeepsTheUnionOfTheBlocksAboveTheCumulativeAck) {
    SackScoreboard b;
    b.advance(1000);
    EXPECT_EQ(b.arrived(), 1000);
    b.add(2000, 3000);  // a hole 1000-2000
    b.add(4000, 5000);
    EXPECT_EQ(b.arrived(), 3000);
    b.add(2500, 4200);  // overlaps both: one range 2000-5000
    EXPECT_EQ(b.sacked_bytes(), 3000);
    b.add(5000, 5500);  // touches it
    EXPECT_EQ(b.sacked_bytes(), 3500);
    b.add(500, 1200);   // below the ACK in part: 1000-1200 counts
    EXPECT_EQ(b.arrived(), 1000 + 200 + 3500);
    b.advance(2500);    // the hole filled to 2500: 2500-5500 still above it
    EXPECT_EQ(b.sacked_bytes(), 3000);
    EXPECT_EQ(b.arrived(), 5500);
    b.advance(6000);    // everything in order
    EXPECT_EQ(b.sacked_bytes(), 0);
    EXPECT_EQ(b.arrived(), 6000);
    b.add(5800, 5900);  // an old block below the ACK: nothing
    EXPECT_EQ(b.arrived(), 6000);
}

TEST(CaptureReader, PicksTheStreamWithTheMostDataAndNumbersThemAsTshark) {
    REQUIRE_TSHARK();
    TempDir dir;
    Scenario s;
    s.duration_s = 3;
    s.flows = {FlowSpec{}, FlowSpec{}};
    s.flows[0].rwnd_bytes = 65535;  // flow 0 is held to 64 KB per RTT; flow 1 takes the rest
    const std::string f = dir.file("two.pcap");
    write_model_capture(s, f);
    const CaptureAnalysis a = analyze(f);
    const auto stream_of_port = capture_test::tshark_field(f, "tcp.srcport == " + std::to_string(a.stream.a_port) +
                                                                   " && tcp.flags.syn == 1", "tcp.stream");
    ASSERT_FALSE(stream_of_port.empty());
    EXPECT_EQ(std::to_string(a.stream.index), stream_of_port[0]);
    EXPECT_EQ(a.stream.a_port, 1024 + 600 * 1 + 1);  // flow 1's first connection
    const CaptureAnalysis first = analyze(f, 0);
    EXPECT_EQ(first.result.summary.binding_limit, Limit::Rwnd);
}

// A raw-IP capture (LINKTYPE_RAW) of hand-made TCP segments, IPv4 or IPv6.
class RawCapture {
public:
    void v4(std::uint8_t src_host, std::uint16_t sport, std::uint8_t dst_host, std::uint16_t dport, std::uint8_t flags,
            std::uint32_t seq, std::size_t payload) {
        std::vector<std::uint8_t> ip = {0x45, 0, 0, 0, 0, 0, 0x40, 0, 64, 6, 0, 0, 10, 0, 0, src_host, 10, 0, 0, dst_host};
        const std::size_t total = 20 + 20 + payload;
        ip[2] = static_cast<std::uint8_t>(total >> 8), ip[3] = static_cast<std::uint8_t>(total);
        record(ip, sport, dport, flags, seq, payload);
    }
    void v6(std::uint8_t src_host, std::uint16_t sport, std::uint8_t dst_host, std::uint16_t dport, std::uint8_t flags,
            std::uint32_t seq, std::size_t payload) {
        std::vector<std::uint8_t> ip(40, 0);
        ip[0] = 0x60;
        const std::size_t len = 20 + payload;
        ip[4] = static_cast<std::uint8_t>(len >> 8), ip[5] = static_cast<std::uint8_t>(len);
        ip[6] = 6, ip[7] = 64;  // next header TCP, hop limit
        ip[8] = 0xfd, ip[23] = src_host;   // fd00::src_host
        ip[24] = 0xfd, ip[39] = dst_host;  // fd00::dst_host
        record(ip, sport, dport, flags, seq, payload);
    }
    void write(const std::string& path) const {
        std::ofstream f(path, std::ios::binary);
        const std::uint32_t header[6] = {0xa1b2c3d4, 0x00040002, 0, 0, 65535, 101};  // v2.4, LINKTYPE_RAW
        f.write(reinterpret_cast<const char*>(header), sizeof header);
        f.write(reinterpret_cast<const char*>(bytes_.data()), static_cast<std::streamsize>(bytes_.size()));
    }

private:
    void record(std::vector<std::uint8_t> p, std::uint16_t sport, std::uint16_t dport, std::uint8_t flags,
                std::uint32_t seq, std::size_t payload) {
        const std::uint8_t tcp[20] = {static_cast<std::uint8_t>(sport >> 8), static_cast<std::uint8_t>(sport),
                                      static_cast<std::uint8_t>(dport >> 8), static_cast<std::uint8_t>(dport),
                                      static_cast<std::uint8_t>(seq >> 24), static_cast<std::uint8_t>(seq >> 16),
                                      static_cast<std::uint8_t>(seq >> 8), static_cast<std::uint8_t>(seq),
                                      0, 0, 0, 0, 0x50, flags, 0xff, 0xff, 0, 0, 0, 0};
        p.insert(p.end(), tcp, tcp + 20);
        p.resize(p.size() + payload, 0x61);
        const std::uint32_t rec[4] = {1, static_cast<std::uint32_t>(1000 * ++n_), static_cast<std::uint32_t>(p.size()),
                                      static_cast<std::uint32_t>(p.size())};
        bytes_.insert(bytes_.end(), reinterpret_cast<const std::uint8_t*>(rec), reinterpret_cast<const std::uint8_t*>(rec) + 16);
        bytes_.insert(bytes_.end(), p.begin(), p.end());
    }
    std::vector<std::uint8_t> bytes_;
    int n_ = 0;
};

// Wireshark numbers IPv6 connections in tcp.stream as it does IPv4 ones;
// inflight reads IPv4 only, but numbers both, so "--stream N" is the
// stream tshark calls N. An IPv6 connection first, then an IPv4 one with
// data, then the IPv6 one's data, then a second IPv6 connection.
TEST(CaptureReader, StreamNumbersCountIPv6ConnectionsAsTsharkDoes) {
    REQUIRE_TSHARK();
    TempDir dir;
    constexpr std::uint8_t kSyn = 0x02, kAck = 0x10, kSynAck = 0x12;
    RawCapture cap;
    cap.v6(1, 5000, 2, 80, kSyn, 100, 0);
    cap.v4(1, 40000, 2, 80, kSyn, 1000, 0);
    cap.v4(2, 80, 1, 40000, kSynAck, 7000, 0);
    cap.v4(1, 40000, 2, 80, kAck, 1001, 1000);
    cap.v6(1, 5000, 2, 80, kAck, 101, 500);
    cap.v4(2, 80, 1, 40000, kAck, 7001, 0);
    cap.v6(3, 6000, 2, 80, kSyn, 300, 0);
    const std::string f = dir.file("mixed.pcap");
    cap.write(f);
    const auto v4_streams = capture_test::tshark_field(f, "ip", "tcp.stream");
    const auto v6_streams = capture_test::tshark_field(f, "ipv6", "tcp.stream");
    ASSERT_EQ(v4_streams.size(), 4u);
    ASSERT_EQ(v6_streams.size(), 3u);

    std::string error;
    const auto contents = read_capture(f, &error);
    ASSERT_TRUE(contents) << error;
    EXPECT_EQ(contents->tcp.size(), 4u);
    const std::vector<TcpStream> streams = tcp_streams(*contents);
    ASSERT_EQ(streams.size(), 3u);
    EXPECT_EQ(std::to_string(streams[0].index), v6_streams[0]);
    EXPECT_EQ(std::to_string(streams[2].index), v6_streams[2]);
    EXPECT_TRUE(streams[0].ipv6);
    EXPECT_TRUE(streams[2].ipv6);
    ASSERT_FALSE(streams[1].ipv6);
    EXPECT_EQ(std::to_string(streams[1].index), v4_streams[0]);
    EXPECT_EQ(streams[1].a_port, 40000);
    EXPECT_EQ(streams[1].packets.size(), 4u);
    // The one to measure: the IPv4 stream, by default or by tshark's number;
    // an IPv6 one asked for is refused in one line.
    EXPECT_EQ(pick_stream(*contents, streams, f, std::nullopt, &error), std::optional<std::size_t>(1));
    EXPECT_EQ(pick_stream(*contents, streams, f, std::stoi(v4_streams[0]), &error), std::optional<std::size_t>(1));
    EXPECT_FALSE(pick_stream(*contents, streams, f, std::stoi(v6_streams[0]), &error));
    EXPECT_TRUE(error.starts_with("--stream 0: stream 0 of '" + f + "' is over IPv6")) << error;
}

TEST(CaptureReader, BadInputIsOneLineNamingTheProblem) {
    TempDir dir;
    // Not a capture.
    const std::string text = dir.file("notes.txt");
    std::ofstream(text) << "not a capture at all\n";
    EXPECT_EQ(refusal(text).rfind("'" + text + "' is not a packet capture (pcap or pcapng)", 0), 0u) << refusal(text);
    // Missing.
    EXPECT_EQ(refusal(dir.file("none.pcap")).rfind("cannot read '", 0), 0u) << refusal(dir.file("none.pcap"));
    // Empty: said so, not "cut short" (libpcap's words for a header it could not read).
    const std::string empty = dir.file("empty.pcap");
    std::ofstream(empty).close();
    EXPECT_EQ(refusal(empty), "'" + empty + "' is empty (0 bytes): not a packet capture");
    // Truncated in the middle of a record.
    Scenario s;
    s.duration_s = 1;
    const std::string whole = dir.file("whole.pcap");
    write_model_capture(s, whole);
    const std::string cut = dir.file("cut.pcap");
    capture_test::shell("head -c 100001 '" + whole + "' > '" + cut + "'");
    EXPECT_NE(refusal(cut).find("is cut short (truncated)"), std::string::npos) << refusal(cut);
    // No TCP: pings only.
    Scenario pings;
    pings.duration_s = 1;
    pings.flows = {FlowSpec{}};
    pings.flows[0].kind = FlowKind::Ping;
    const std::string icmp = dir.file("pings.pcap");
    write_model_capture(pings, icmp);
    EXPECT_NE(refusal(icmp).find("has no IPv4 TCP segments"), std::string::npos) << refusal(icmp);
    // One direction: the data without its ACKs.
    const std::string one_way = dir.file("one-way.pcap");
    capture_test::shell("tshark -r '" + whole + "' -Y 'tcp.srcport != 5201' -w '" + one_way + "'");
    if (capture_test::have_tshark()) {
        EXPECT_NE(refusal(one_way).find("only: without the ACKs"), std::string::npos) << refusal(one_way);
    }
    for (const std::string& f : {text, cut, icmp})
        EXPECT_EQ(refusal(f).find('\n'), std::string::npos) << f;
}

// A capture holding more TCP segments than the reader keeps is read up to
// that many, and every figure derived from it says so. Read here with a
// cap of 1,000 (the real one, kMaxCaptureSegments, is 4,194,304: a 2 GB
// capture's worth at 480 B a packet) against tshark's count of the whole.
TEST(CaptureReader, MoreSegmentsThanKeptAreReadInPartAndSaySo) {
    TempDir dir;
    Scenario s;
    s.bandwidth_bps = 10e6;
    s.duration_s = 2;
    const std::string f = dir.file("long.pcap");
    write_model_capture(s, f);
    std::string error;
    const auto whole = read_capture(f, &error);
    ASSERT_TRUE(whole) << error;
    EXPECT_FALSE(whole->cut);
    EXPECT_EQ(cut_words(*whole, f), "");
    if (capture_test::have_tshark()) EXPECT_EQ(whole->tcp.size(), capture_test::tshark_count(f, "tcp"));
    ASSERT_GT(whole->tcp.size(), 2000u);

    const auto part = read_capture(f, &error, ReadProgress{}, 1000);
    ASSERT_TRUE(part) << error;
    EXPECT_TRUE(part->cut);
    EXPECT_EQ(part->tcp.size(), 1000u);
    EXPECT_EQ(part->packets, 1000u);  // one flow, no pings: every record is TCP
    // The cut falls at the 1,000th segment's stamp, inside the file.
    EXPECT_EQ(part->cut_at_s, whole->tcp[999].t_s);
    EXPECT_GT(part->cut_at_bytes, 0u);
    EXPECT_LT(part->cut_at_bytes, part->file_bytes);
    const std::string words = cut_words(*part, f);
    EXPECT_NE(words.find("holds more than 1,000 TCP segments: the first 1,000 were read"), std::string::npos) << words;
    EXPECT_EQ(words.find('\n'), std::string::npos);
    const auto a = analyze_capture(*part, f, std::nullopt, &error);
    ASSERT_TRUE(a) << error;
    EXPECT_EQ(a->cut, words);
    EXPECT_LT(a->data_segments, 1000u);
    const auto g = time_sequence_of_capture(*part, f, std::nullopt, &error);
    ASSERT_TRUE(g) << error;
    EXPECT_TRUE(g->cut);
    EXPECT_NEAR(g->cut_at_s, part->cut_at_s - part->tcp.front().t_s, 1e-9);
}

}  // namespace
}  // namespace inflight::capture
