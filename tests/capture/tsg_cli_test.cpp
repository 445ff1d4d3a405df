// `inflight run --tsg`, `inflight capture FILE --tsg` and `inflight kernel
// --tsg` run as a user runs them: a PNG of the asked size or an SVG naming
// the graph's parts, and every bad request one line naming the problem,
// with no file left behind. The kernel's runs only as root (CI's case).
#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>
#include <sstream>
#include <iterator>

#include "tshark.h"

namespace {

using capture_test::Shell;
using capture_test::TempDir;

Shell inflight(const std::string& args) { return capture_test::shell(std::string(INFLIGHT_EXE) + " " + args); }

std::string contents(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

// A PNG's width and height from its IHDR chunk (bytes 16–23, big-endian).
std::pair<int, int> png_size(const std::string& png) {
    if (png.size() < 24 || png.compare(1, 3, "PNG") != 0) return {0, 0};
    const auto at = [&](std::size_t i) {
        return (static_cast<unsigned char>(png[i]) << 24) | (static_cast<unsigned char>(png[i + 1]) << 16) |
               (static_cast<unsigned char>(png[i + 2]) << 8) | static_cast<unsigned char>(png[i + 3]);
    };
    return {static_cast<int>(at(16)), static_cast<int>(at(20))};
}

// stderr without Qt's note about its runtime folder, which is the machine's.
std::string complaints(const std::string& err) {
    std::string out;
    std::size_t at = 0;
    while (at < err.size()) {
        const std::size_t end = err.find('\n', at);
        const std::string line = err.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
        if (line.rfind("QStandardPaths:", 0) != 0) out += line;
        at = end == std::string::npos ? err.size() : end + 1;
    }
    return out;
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

// The figures need the window library; a build without it says so in one line.
#ifdef INFLIGHT_TEST_HAVE_UI
#define REQUIRE_WINDOW() (void)0
#else
#define REQUIRE_WINDOW() GTEST_SKIP() << "this build has no window to draw with"
#endif

TEST(TsgCli, ABuildWithoutTheWindowSaysSoInOneLine) {
#ifdef INFLIGHT_TEST_HAVE_UI
    GTEST_SKIP() << "this build links the window";
#else
    TempDir dir;
    const Shell run = inflight("run --duration 1s --tsg '" + dir.file("g.png") + "'");
    EXPECT_EQ(run.code, 2);
    EXPECT_EQ(lines(run.err), 1u) << run.err;
    EXPECT_NE(run.err.find("--tsg"), std::string::npos) << run.err;
    EXPECT_TRUE(dir.entries().empty());
#endif
}

TEST(TsgCli, RunDrawsTheFlowsGraphAtTheFigureSize) {
    REQUIRE_WINDOW();
    TempDir dir;
    const Shell run = inflight("run --duration 5s --loss 0.01% --tsg '" + dir.file("g.png") + "'");
    ASSERT_EQ(run.code, 0) << run.err;
    EXPECT_EQ(complaints(run.err), "");
    EXPECT_EQ(png_size(contents(dir.file("g.png"))), std::make_pair(1920, 1080));
    const Shell small = inflight("run --duration 5s --flow cubic --flow reno --tsg '" + dir.file("g.svg") +
                                 "' --tsg-flow 2 --size 1280x720");
    ASSERT_EQ(small.code, 0) << small.err;
    const std::string svg = contents(dir.file("g.svg"));
    EXPECT_NE(svg.find("<svg width=\"1280\" height=\"720\""), std::string::npos);
    for (const char* text : {"flow 2 (reno)", "data sent", "retransmission", "ACK", "SACK blocks"})
        EXPECT_NE(svg.find(text), std::string::npos) << text;
}

// The title's "its first connection" is for a flow of repeated transfers
// (size= with every=: a connection each), whose first the graph draws; a
// bulk flow beside it is one connection and its title says nothing of it.
std::string svg_title(const std::string& svg) {
    const std::size_t at = svg.find("Time-sequence graph of ");
    return at == std::string::npos ? std::string() : svg.substr(at, svg.find('<', at) - at);
}

TEST(TsgCli, RunTitleSaysFirstConnectionOnlyForAFlowOfSeveral) {
    REQUIRE_WINDOW();
    TempDir dir;
    const std::string flows = "run --duration 3s --flow cubic --flow cubic,size=20KB,every=1s --tsg '";
    ASSERT_EQ(inflight(flows + dir.file("bulk.svg") + "' --tsg-flow 1").code, 0);
    ASSERT_EQ(inflight(flows + dir.file("page.svg") + "' --tsg-flow 2").code, 0);
    EXPECT_EQ(svg_title(contents(dir.file("bulk.svg"))), "Time-sequence graph of flow 1 (cubic)");
    EXPECT_EQ(svg_title(contents(dir.file("page.svg"))), "Time-sequence graph of flow 2 (cubic), its first connection");
    // One transfer (every= longer than the run) is one connection.
    ASSERT_EQ(inflight("run --duration 3s --flow cubic --flow cubic,size=20KB,every=5s --tsg '" + dir.file("one.svg") +
                       "' --tsg-flow 2")
                  .code,
              0);
    EXPECT_EQ(svg_title(contents(dir.file("one.svg"))), "Time-sequence graph of flow 2 (cubic)");
}

TEST(TsgCli, KernelTitleSaysFirstConnectionOnlyForAFlowOfSeveral) {
    REQUIRE_WINDOW();
    if (geteuid() != 0) GTEST_SKIP() << "needs root (CI runs as root)";
    TempDir dir;
    const std::string flows = "kernel --duration 2s --bandwidth 20Mbps --rtt 40ms --flow cubic "
                              "--flow cubic,size=20KB,every=500ms --tsg '";
    const Shell bulk = inflight(flows + dir.file("bulk.svg") + "' --tsg-flow 1");
    if (bulk.code == 1 && bulk.err.find("CAP_NET_ADMIN") != std::string::npos) GTEST_SKIP() << bulk.err;
    ASSERT_EQ(bulk.code, 0) << bulk.err;
    const Shell page = inflight(flows + dir.file("page.svg") + "' --tsg-flow 2");
    ASSERT_EQ(page.code, 0) << page.err;
    const std::string bulk_title = svg_title(contents(dir.file("bulk.svg")));
    const std::string page_title = svg_title(contents(dir.file("page.svg")));
    EXPECT_EQ(bulk_title.rfind("Time-sequence graph of flow 1 (cubic) on Linux ", 0), 0u) << bulk_title;
    EXPECT_EQ(bulk_title.find("connection"), std::string::npos) << bulk_title;
    EXPECT_EQ(page_title.rfind("Time-sequence graph of flow 2 (cubic) on Linux ", 0), 0u) << page_title;
    EXPECT_TRUE(page_title.ends_with(", its first connection")) << page_title;
}

TEST(TsgCli, CaptureDrawsTheStreamItMeasures) {
    REQUIRE_WINDOW();
    TempDir dir;
    const std::string f = dir.file("run.pcap");
    ASSERT_EQ(inflight("run --duration 5s --loss 0.01% --pcap '" + f + "'").code, 0);
    const Shell read = inflight("capture '" + f + "' --tsg '" + dir.file("c.png") + "' --size 960x540");
    ASSERT_EQ(read.code, 0) << read.err;
    EXPECT_EQ(read.out.rfind("Goodput ", 0), 0u) << read.out;
    EXPECT_EQ(png_size(contents(dir.file("c.png"))), std::make_pair(960, 540));
}

TEST(TsgCli, KernelDrawsTheFlowFromThePacketsItForwarded) {
    REQUIRE_WINDOW();
    if (geteuid() != 0) GTEST_SKIP() << "needs root (CI runs as root)";
    TempDir dir;
    // The run's own temporary folder (TMPDIR): other kernel runs on the
    // machine, this suite's included when ctest runs two at a time, keep
    // their temporary captures in /tmp while they run.
    TempDir tmp;
    const Shell k = capture_test::shell("TMPDIR='" + tmp.path() + "' " + std::string(INFLIGHT_EXE) +
                                        " kernel --duration 3s --bandwidth 20Mbps --rtt 40ms --loss 0.1% --tsg '" +
                                        dir.file("k.svg") + "' --size 1280x720");
    if (k.code == 1 && k.err.find("CAP_NET_ADMIN") != std::string::npos) GTEST_SKIP() << k.err;
    ASSERT_EQ(k.code, 0) << k.err;
    EXPECT_EQ(complaints(k.err), "");
    const std::string svg = contents(dir.file("k.svg"));
    EXPECT_NE(svg.find("<svg width=\"1280\" height=\"720\""), std::string::npos);
    for (const char* text : {"on Linux", "data sent", "ACK", "measured on this computer's kernel"})
        EXPECT_NE(svg.find(text), std::string::npos) << text;
    // Its temporary capture is gone; only the figure was written.
    // (Qt makes its runtime folder there when XDG_RUNTIME_DIR is unset.)
    std::vector<std::string> left = tmp.entries();
    std::erase_if(left, [](const std::string& e) { return e.rfind("runtime-", 0) == 0; });
    EXPECT_EQ(left, std::vector<std::string>{});
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"k.svg"});
    // With --pcap the graph is that file's, and both are kept.
    const Shell both = inflight("kernel --duration 2s --bandwidth 20Mbps --rtt 40ms --pcap '" + dir.file("k.pcap") +
                                "' --tsg '" + dir.file("k.png") + "'");
    ASSERT_EQ(both.code, 0) << both.err;
    EXPECT_EQ(png_size(contents(dir.file("k.png"))), std::make_pair(1920, 1080));
    const Shell read = inflight("capture '" + dir.file("k.pcap") + "'");
    EXPECT_EQ(read.code, 0) << read.err;
}

// The line of `text` that contains `part`, without its indent; "" if none.
std::string line_with(const std::string& text, const std::string& part) {
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (line.find(part) != std::string::npos) return line.substr(line.find_first_not_of(' '));
    return "";
}

// --tsg-flow 2's caption gives flow 2's own figures, as the run's summary
// measured them, not the run's whole throughput: a flow held to a 64 KiB
// window beside one that fills the rest of the link.
TEST(TsgCli, KernelCaptionIsTheNamedFlowsOwn) {
    REQUIRE_WINDOW();
    if (geteuid() != 0) GTEST_SKIP() << "needs root (CI runs as root)";
    TempDir dir;
    const Shell k = inflight("kernel --duration 3s --flow cubic --flow cubic,rwnd=64KiB --tsg '" + dir.file("k.svg") +
                             "' --tsg-flow 2");
    if (k.code == 1 && k.err.find("CAP_NET_ADMIN") != std::string::npos) GTEST_SKIP() << k.err;
    ASSERT_EQ(k.code, 0) << k.err;
    const std::string flow2 = line_with(k.out, "flow 2 (cubic): ");
    ASSERT_EQ(flow2.rfind("flow 2 (cubic): ", 0), 0u) << k.out;
    const std::string caption = line_with(contents(dir.file("k.svg")), "measured on this computer's kernel");
    EXPECT_NE(caption.find(">" + flow2 + " — measured on this computer's kernel<"), std::string::npos)
        << caption << "\n" << k.out;
    // The run's own figure (its first line) is not the caption's.
    const std::string hero = k.out.substr(0, k.out.find('\n'));
    ASSERT_EQ(hero.rfind("Throughput ", 0), 0u) << k.out;
    EXPECT_EQ(caption.find(hero), std::string::npos) << caption;
}

TEST(TsgCli, BadRequestsAreOneLineAndLeaveNoFile) {
    REQUIRE_WINDOW();  // the last cases reach the drawing
    TempDir dir;
    const std::string f = dir.file("run.pcap");
    ASSERT_EQ(inflight("run --duration 3s --pcap '" + f + "'").code, 0);
    struct Case {
        std::string args;
        int code;
        std::string says;
    };
    const std::string out = dir.file("out.png");
    const Case cases[] = {
        {"run --tsg /nonexistent-folder/x.png", 2, "--tsg: cannot write '/nonexistent-folder/x.png'"},
        {"run --tsg '" + dir.file("x.jpg") + "'", 2, "neither a .png nor a .svg"},
        {"run --tsg '" + out + "' --tsg-flow 3", 2, "--tsg-flow: 3 is not a flow of this run; it has one flow (1)"},
        {"run --flow cubic --flow ping --tsg '" + out + "' --tsg-flow 2", 2, "is a ping"},
        {"run --tsg-flow 2", 2, "give --tsg FILE too"},
        {"kernel --tsg '" + out + "' --tsg-flow 2", 2, "--tsg-flow: 2 is not a flow of this run"},
        {"sweep --param rtt --from 10ms --to 20ms --points 2 --tsg '" + out + "'", 2, "not an option of sweep"},
        {"capture '" + f + "' --tsg /nonexistent-folder/x.png", 2, "--tsg: cannot write"},
        {"capture '" + f + "' --size 1280x720", 2, "give --tsg FILE too"},
        {"capture '" + f + "' --stream 4 --tsg '" + out + "'", 1, "has TCP streams 0 to 0"},
    };
    for (const Case& c : cases) {
        const Shell s = inflight(c.args);
        EXPECT_EQ(s.code, c.code) << c.args << "\n" << s.err;
        EXPECT_EQ(lines(complaints(s.err)), 1u) << c.args << "\n" << s.err;
        EXPECT_NE(s.err.find(c.says), std::string::npos) << c.args << "\n" << s.err;
    }
    // Nothing was written beside the capture.
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"run.pcap"});
}

TEST(TsgCli, ACaptureOfOneDirectionIsRefusedInOneLine) {
    REQUIRE_TSHARK();
    REQUIRE_WINDOW();
    TempDir dir;
    const std::string f = dir.file("run.pcap"), one = dir.file("one-way.pcap");
    ASSERT_EQ(inflight("run --duration 3s --pcap '" + f + "'").code, 0);
    ASSERT_EQ(capture_test::shell("tshark -r '" + f + "' -Y 'tcp.dstport == 5201' -w '" + one + "'").code, 0);
    const Shell s = inflight("capture '" + one + "' --tsg '" + dir.file("g.png") + "'");
    EXPECT_EQ(s.code, 1);
    EXPECT_EQ(lines(complaints(s.err)), 1u) << s.err;
    EXPECT_NE(s.err.find("only"), std::string::npos) << s.err;
    EXPECT_EQ(dir.entries(), (std::vector<std::string>{"one-way.pcap", "run.pcap"}));
}

}  // namespace
