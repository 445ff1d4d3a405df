// `inflight run --pcap`, `inflight capture` and `inflight sweep --pcap` run
// as a user runs them: the capture opens in tshark without a word, the
// reader's JSON has run's keys, an unwritable --pcap is one line before
// anything runs and leaves no file, bad captures exit 1 with one line.
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <fstream>
#include <memory>

#include "app/capture/pcap_file_writer.h"
#include "app/capture/synthetic_headers.h"
#include "tshark.h"

namespace {

using capture_test::Shell;
using capture_test::TempDir;

Shell inflight(const std::string& args) { return capture_test::shell(std::string(INFLIGHT_EXE) + " " + args); }

QJsonObject json_of(const std::string& text) { return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object(); }

TEST(CaptureCli, RunWritesACaptureThatCaptureReadsWithRunsKeys) {
    TempDir dir;
    const std::string f = dir.file("run.pcap");
    const Shell run = inflight("run --duration 5s --loss 0.01% --json --pcap '" + f + "'");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(run.err, "");
    const Shell read = inflight("capture '" + f + "' --json");
    ASSERT_EQ(read.code, 0) << read.err;
    const QJsonObject r = json_of(run.out), c = json_of(read.out);
    for (const QString& key : r.keys()) {
        if (key == "flows") continue;  // one flow's own block: a capture measures one stream
        EXPECT_TRUE(c.contains(key)) << key.toStdString();
    }
    EXPECT_EQ(c.value("retransmits").toInteger(), r.value("retransmits").toInteger());
    EXPECT_NEAR(c.value("throughput_bps").toDouble(), r.value("throughput_bps").toDouble(),
                0.01 * r.value("throughput_bps").toDouble());
    EXPECT_TRUE(c.value("drops_tail").isNull());
    EXPECT_EQ(c.value("engine").toString(), "capture");
    // The readable summary and the trace CSV.
    const Shell text = inflight("capture '" + f + "' --csv '" + dir.file("t.csv") + "'");
    EXPECT_EQ(text.code, 0) << text.err;
    EXPECT_EQ(text.out.rfind("Goodput ", 0), 0u) << text.out;
    std::ifstream csv(dir.file("t.csv"));
    std::string first;
    std::getline(csv, first);
    // Its first line as every CSV's (the run's, the sweep's): "# Inflight <version>: ...".
    EXPECT_EQ(first.rfind(std::string("# Inflight ") + INFLIGHT_VERSION + ": capture trace", 0), 0u) << first;
    if (capture_test::have_tshark()) {
        EXPECT_EQ(capture_test::tshark_complaints(f), "");
    }
}

// A capture written packet by packet: put() each at its time (seconds),
// from the client (up) or the server (down).
class HandWritten {
public:
    explicit HandWritten(const std::string& path) {
        std::string error;
        w_ = inflight::capture::PcapFileWriter::open(path, {}, &error);
        EXPECT_TRUE(w_) << error;
    }
    static constexpr inflight::capture::Addresses kUp{0x0a000001, 0x0a000002}, kDown{0x0a000002, 0x0a000001};
    void put(double t_s, const inflight::capture::Addresses& a, const inflight::capture::TcpFields& f) {
        if (!w_) return;
        std::uint8_t p[inflight::capture::kMaxHeaderBytes];
        std::size_t wire = 0;
        const std::size_t n = inflight::capture::build_tcp_packet(p, a, f, &wire);
        const auto ns = static_cast<std::int64_t>(std::llround(t_s * 1e9));
        EXPECT_TRUE(w_->write(ns / 1'000'000'000, static_cast<std::uint32_t>(ns % 1'000'000'000), p, n, wire));
    }
    void finish() {
        ASSERT_TRUE(w_);
        EXPECT_FALSE(w_->finish());
    }

private:
    std::unique_ptr<inflight::capture::PcapFileWriter> w_;
};

// A download captured at the client, written packet by packet: the SYN at
// 0, the SYN-ACK 40 ms later, the ACK and a 100-byte request at once; then
// 3,000 segments of 1,448 B from the server, one every 0.2317 ms (50 Mbit/s
// of payload), each ACKed 20 µs after it arrives. The server sent more, so
// it is the sender measured; the handshake puts the capture beside the
// receiver, where data-to-ACK times are 20 µs, not the 40 ms path.
// `rtt_s`: the path's round trip (40 ms; 20 µs for two ends on one host);
// `lost_syn`: a first SYN, 1 s before the one answered, went unanswered.
void write_download_at_client(const std::string& path, double rtt_s = 0.040, bool lost_syn = false) {
    using namespace inflight::capture;
    HandWritten w(path);
    const Addresses up = HandWritten::kUp, down = HandWritten::kDown;
    const std::uint32_t client_isn = 1000, server_isn = 5000;
    const auto put = [&](double t_s, const Addresses& a, const TcpFields& f) { w.put(t_s, a, f); };
    TcpFields syn;
    syn.src_port = 40000, syn.dst_port = 80, syn.seq = client_isn, syn.flags = kTcpSyn, syn.window = 65535;
    syn.mss = 1448, syn.window_shift = 7, syn.sack_permitted = true;
    const double t0 = lost_syn ? 1.0 : 0.0;
    if (lost_syn) put(0.0, up, syn);
    put(t0, up, syn);
    TcpFields syn_ack = syn;
    syn_ack.src_port = 80, syn_ack.dst_port = 40000, syn_ack.seq = server_isn, syn_ack.ack = client_isn + 1;
    syn_ack.flags = kTcpSyn | kTcpAck;
    put(t0 + rtt_s, down, syn_ack);
    TcpFields request;
    request.src_port = 40000, request.dst_port = 80, request.seq = client_isn + 1, request.ack = server_isn + 1;
    request.flags = kTcpAck | kTcpPsh, request.window = 2048, request.payload_bytes = 100;
    put(t0 + rtt_s, up, request);
    const double gap_s = 1448 * 8 / 50e6;
    for (std::uint32_t k = 0; k < 3000; ++k) {
        const double t = t0 + 2 * rtt_s + k * gap_s;
        TcpFields data;
        data.src_port = 80, data.dst_port = 40000, data.seq = server_isn + 1 + k * 1448, data.ack = client_isn + 101;
        data.flags = kTcpAck, data.window = 2048, data.payload_bytes = 1448;
        put(t, down, data);
        TcpFields ack;
        ack.src_port = 40000, ack.dst_port = 80, ack.seq = client_isn + 101, ack.ack = server_isn + 1 + (k + 1) * 1448;
        ack.flags = kTcpAck, ack.window = 2048;
        put(t + 20e-6, up, ack);
    }
    w.finish();
}

TEST(CaptureCli, ACaptureBesideTheReceiverSaysSoAndTakesTheHandshakesRoundTrip) {
    TempDir dir;
    const std::string f = dir.file("download.pcap");
    write_download_at_client(f);
    const Shell text = inflight("capture '" + f + "'");
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("10.0.0.2:80 -> 10.0.0.1:40000"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Taken beside the receiver"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("the path's round trip, from the handshake, is 40 ms"), std::string::npos) << text.out;
    EXPECT_EQ(text.out.find("limited by"), std::string::npos) << text.out;  // no limit read from the receiver's side
    const QJsonObject j = json_of(inflight("capture '" + f + "' --json").out);
    EXPECT_EQ(j.value("capture_point").toString(), "receiver");
    EXPECT_NEAR(j.value("handshake_rtt_s").toDouble(), 0.040, 1e-9);
    EXPECT_TRUE(j.value("binding_limit").isNull());
    EXPECT_TRUE(j.value("absent").toArray().contains(QStringLiteral(
        "binding_limit, binding_fractions: taken beside the receiver, where the sender's flight and so its limit "
        "cannot be read")));
    EXPECT_NEAR(j.value("min_rtt_s").toDouble(), 20e-6, 1e-9);  // what the capture shows: the receiver's delay
    // Nor does its trace name a limit in any bucket (the CSV's last column).
    const std::string csv = dir.file("trace.csv");
    ASSERT_EQ(inflight("capture '" + f + "' --csv '" + csv + "'").code, 0);
    std::ifstream rows(csv);
    int data_rows = 0;
    for (std::string line; std::getline(rows, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("t_start_s", 0) == 0) continue;
        ++data_rows;
        EXPECT_EQ(line.back(), ',') << line;
    }
    EXPECT_GT(data_rows, 50);  // 10 ms buckets over the 0.78 s stream
    // The path for the model: the handshake's 40 ms, not 20 µs, and the
    // rate the data arrived at (the segments' spacing), within 5%.
    const Shell model = inflight("capture '" + f + "' --model");
    ASSERT_EQ(model.code, 0) << model.err;
    EXPECT_NE(model.out.find("--rtt 0.04 "), std::string::npos) << model.out;
    const QJsonObject mode = json_of(inflight("capture '" + f + "' --model --json").out);
    EXPECT_NEAR(mode.value("path_estimate").toObject().value("bottleneck_bps").toDouble(), 50e6, 0.05 * 50e6) << model.out;
    // The model's own capture is at the sender: it says so, and keeps its limit.
    const std::string m = dir.file("model.pcap");
    ASSERT_EQ(inflight("run --duration 2s --pcap '" + m + "'").code, 0);
    const QJsonObject mj = json_of(inflight("capture '" + m + "' --json").out);
    EXPECT_EQ(mj.value("capture_point").toString(), "sender");
    EXPECT_FALSE(mj.value("binding_limit").isNull());
}

// A request/response client that pauses 60 ms after each response (two
// 100-byte writes, a 100-byte response, 20 ms): after the response's ACK
// nothing is in flight until the next request, 60 ms of every 100 (each
// transaction two round trips: Nagle holds the second write for the
// first's ACK). A bulk flow on the same path always has data in flight.
// The capture names the application for the first and cwnd for the second.
// The handshake's round trip is measured from the SYN that was answered:
// a first SYN lost 1 s earlier does not make it 1.04 s. Two ends on one
// host (20 µs each way and back) tell neither end apart: no capture point.
TEST(CaptureCli, TheHandshakeIsTimedFromTheAnsweredSynAndNotOnOneHost) {
    TempDir dir;
    const std::string lost = dir.file("lost-syn.pcap"), local = dir.file("local.pcap");
    write_download_at_client(lost, 0.040, true);
    write_download_at_client(local, 20e-6);
    const QJsonObject a = json_of(inflight("capture '" + lost + "' --json").out);
    EXPECT_EQ(a.value("capture_point").toString(), "receiver");
    EXPECT_NEAR(a.value("handshake_rtt_s").toDouble(), 0.040, 1e-9);
    const QJsonObject b = json_of(inflight("capture '" + local + "' --json").out);
    EXPECT_TRUE(b.value("capture_point").isNull());
    EXPECT_TRUE(b.value("handshake_rtt_s").isNull());
}

// A receiver that stops reading: everything sent is acknowledged with a
// zero window for half a second, then the window opens and ten more
// segments go. Nothing is in flight then, but the window, not the
// application, holds the sender back.
TEST(CaptureCli, AZeroWindowIsTheReceiversLimitNotTheApplications) {
    using namespace inflight::capture;
    TempDir dir;
    const std::string path = dir.file("zero-window.pcap");
    {
        HandWritten w(path);
        const Addresses up = HandWritten::kUp, down = HandWritten::kDown;
        const auto put = [&](double t_s, const Addresses& a, const TcpFields& f) { w.put(t_s, a, f); };
        TcpFields syn;
        syn.src_port = 40000, syn.dst_port = 5201, syn.seq = 1000, syn.flags = kTcpSyn, syn.window = 65535;
        syn.mss = 1448, syn.window_shift = 7, syn.sack_permitted = true;
        put(0.0, up, syn);
        TcpFields syn_ack = syn;
        syn_ack.src_port = 5201, syn_ack.dst_port = 40000, syn_ack.seq = 5000, syn_ack.ack = 1001;
        syn_ack.flags = kTcpSyn | kTcpAck;
        put(0.040, down, syn_ack);
        const auto burst = [&](double t, std::uint32_t first, std::uint16_t window_after) {
            for (std::uint32_t k = 0; k < 10; ++k) {
                TcpFields data;
                data.src_port = 40000, data.dst_port = 5201, data.seq = 1001 + (first + k) * 1448, data.ack = 5001;
                data.flags = kTcpAck, data.window = 502, data.payload_bytes = 1448;
                put(t + k * 1e-4, up, data);
            }
            TcpFields ack;
            ack.src_port = 5201, ack.dst_port = 40000, ack.seq = 5001, ack.ack = 1001 + (first + 10) * 1448;
            ack.flags = kTcpAck, ack.window = window_after;
            put(t + 0.040, down, ack);
        };
        burst(0.040, 0, 0);  // all acknowledged, window 0
        TcpFields update;
        update.src_port = 5201, update.dst_port = 40000, update.seq = 5001, update.ack = 1001 + 10 * 1448;
        update.flags = kTcpAck, update.window = 512;  // 64 KiB at shift 7
        put(0.580, down, update);
        burst(0.580, 10, 512);
        w.finish();
    }
    const QJsonObject j = json_of(inflight("capture '" + path + "' --json").out);
    EXPECT_EQ(j.value("capture_point").toString(), "sender");
    EXPECT_EQ(j.value("binding_limit").toString(), "rwnd");
    EXPECT_GT(j.value("binding_fractions").toObject().value("rwnd").toDouble(), 0.5);
}

TEST(CaptureCli, AnIdleSenderIsLimitedByItsApplication) {
    TempDir dir;
    const std::string rpc = dir.file("rpc.pcap"), bulk = dir.file("bulk.pcap");
    ASSERT_EQ(inflight("run --rtt 20ms --duration 4s --flow cubic,app=rpc,writes=100B+100B,response=100B,think=60ms "
                       "--pcap '" + rpc + "'")
                  .code,
              0);
    ASSERT_EQ(inflight("run --rtt 20ms --duration 4s --pcap '" + bulk + "'").code, 0);
    const Shell text = inflight("capture '" + rpc + "'");
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_EQ(text.out.rfind("Goodput ", 0), 0u) << text.out;
    EXPECT_NE(text.out.find("limited by the application (nothing in flight"), std::string::npos) << text.out;
    // One segment in flight is said as one.
    EXPECT_EQ(text.out.find(" 1 segments "), std::string::npos) << text.out;
    const QJsonObject j = json_of(inflight("capture '" + rpc + "' --json").out);
    EXPECT_EQ(j.value("binding_limit").toString(), "app");
    EXPECT_NEAR(j.value("binding_fractions").toObject().value("app").toDouble(), 0.6, 0.05);
    const QJsonObject b = json_of(inflight("capture '" + bulk + "' --json").out);
    EXPECT_EQ(b.value("binding_limit").toString(), "cwnd");
    EXPECT_LT(b.value("binding_fractions").toObject().value("app").toDouble(), 0.01);
}

TEST(CaptureCli, AnUnwritablePcapIsOneLineBeforeAnythingRunsAndLeavesNothing) {
    TempDir dir;
    const Shell missing = inflight("run --duration 600s --pcap /nonexistent-folder/x.pcap");
    EXPECT_EQ(missing.code, 2);
    EXPECT_EQ(missing.err, "inflight: --pcap: cannot write '/nonexistent-folder/x.pcap': directory "
                           "'/nonexistent-folder' does not exist\n");
    EXPECT_EQ(missing.out, "");
    const Shell folder = inflight("run --duration 600s --pcap '" + dir.path() + "'");
    EXPECT_NE(folder.code, 0);
    EXPECT_EQ(std::count(folder.err.begin(), folder.err.end(), '\n'), 1) << folder.err;
    EXPECT_TRUE(dir.entries().empty());
    const Shell sweep = inflight("sweep --param rtt --from 10ms --to 20ms --points 2 --pcap x.pcap");
    EXPECT_EQ(sweep.code, 2);
    EXPECT_NE(sweep.err.find("--pcap"), std::string::npos) << sweep.err;
}

TEST(CaptureCli, KernelRefusesAnUnwritablePcapInOneLineBeforeAnythingRuns) {
    // A missing folder is refused while the options are read (exit 2, as for
    // --csv), before the privileges are even looked at: one line, nothing created.
    const Shell k = inflight("kernel --duration 5s --pcap /nonexistent-folder/k.pcap");
    EXPECT_EQ(k.code, 2);
    EXPECT_EQ(std::count(k.err.begin(), k.err.end(), '\n'), 1) << k.err;
    EXPECT_EQ(k.err, "inflight: --pcap: cannot write '/nonexistent-folder/k.pcap': directory "
                     "'/nonexistent-folder' does not exist\n");
    EXPECT_EQ(k.out, "");
}

TEST(CaptureCli, BadCapturesExitOneWithOneLine) {
    TempDir dir;
    const std::string text = dir.file("notes.txt");
    std::ofstream(text) << "hello\n";
    const Shell r = inflight("capture '" + text + "'");
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("inflight: '" + text + "' is not a packet capture", 0), 0u) << r.err;
    EXPECT_EQ(r.out, "");
    const Shell stream = inflight("capture '" + text + "' --stream x");
    EXPECT_EQ(stream.code, 2);
    const Shell none = inflight("capture");
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("which file?"), std::string::npos);
}

}  // namespace
