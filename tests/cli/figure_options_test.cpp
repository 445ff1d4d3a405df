// --size WxH and --presentation on `inflight run --png/--svg` (and kernel,
// which reads run's options): parsed into the request and handed to the
// renderer; every bad value one line naming --size, the value and the
// range; refused without a picture to draw and by sweep. Then the real
// binary: the PNG has the size asked for, a bad size writes nothing.
#include <gtest/gtest.h>

#include <tuple>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <algorithm>
#include <sstream>

#include "cli_test_support.h"
#include "app/cli/figure_options.h"
#include "app/cli/kernel_command.h"
#include "app/cli/run_command.h"
#include "app/cli/sweep_command.h"

using namespace inflight;
using namespace inflight::cli;
using cli_test::contains;

namespace {

struct Parsed {
    ParseResult result;
    RunRequest req;
    std::string error;
};

Parsed parse(std::vector<std::string> args, bool kernel = false) {
    Parsed p;
    p.result = kernel ? parse_kernel_options(args, p.req, &p.error) : parse_run_options(args, p.req, &p.error);
    return p;
}

// The width and height a PNG's IHDR chunk declares (bytes 16–23, big-endian).
std::pair<int, int> png_size(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {0, 0};
    const QByteArray head = f.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG")) return {0, 0};
    const auto be32 = [&](int at) {
        int v = 0;
        for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(head[at + i]);
        return v;
    };
    return {be32(16), be32(20)};
}

}  // namespace

TEST(FigureOptions, SizeAndPresentationReachTheRequest) {
    const Parsed p = parse({"--png", "/tmp/f.png", "--size", "1280x720", "--presentation"});
    ASSERT_EQ(p.result, ParseResult::Ok) << p.error;
    EXPECT_EQ(p.req.figure.width, 1280);
    EXPECT_EQ(p.req.figure.height, 720);
    EXPECT_TRUE(p.req.figure.presentation);

    const Parsed d = parse({"--svg", "/tmp/f.svg"});
    ASSERT_EQ(d.result, ParseResult::Ok) << d.error;
    EXPECT_EQ(d.req.figure.width, 1920);
    EXPECT_EQ(d.req.figure.height, 1080);
    EXPECT_FALSE(d.req.figure.presentation);
}

TEST(FigureOptions, TheSeparatorMayBeXCapitalXOrTheMultiplicationSign) {
    for (const char* text : {"3840x2160", "3840X2160", "3840\xc3\x97" "2160", "--size=3840x2160"}) {
        const std::string t = text;
        const Parsed p = t.starts_with("--") ? parse({"--png", "/tmp/f.png", t}) : parse({"--png", "/tmp/f.png", "--size", t});
        ASSERT_EQ(p.result, ParseResult::Ok) << text << ": " << p.error;
        EXPECT_EQ(p.req.figure.width, 3840) << text;
        EXPECT_EQ(p.req.figure.height, 2160) << text;
    }
    // Both ends of the range are allowed.
    EXPECT_EQ(parse({"--png", "/tmp/f.png", "--size", "960x540"}).result, ParseResult::Ok);
    EXPECT_EQ(parse({"--png", "/tmp/f.png", "--size", "7680x4320"}).result, ParseResult::Ok);
}

TEST(FigureOptions, ABadSizeIsOneLineNamingTheOptionTheValueAndTheRange) {
    const char* not_sizes[] = {"12x", "x1080", "1920", "1920x1080x2", "-5x300", "+1920x1080", " 1920x1080",
                               "1920 x 1080", "1920,1080", "0x1e3", ""};
    for (const char* text : not_sizes) {
        const Parsed p = parse({"--png", "/tmp/f.png", "--size", text});
        ASSERT_EQ(p.result, ParseResult::Error) << "'" << text << "'";
        EXPECT_TRUE(p.error.starts_with("--size: '" + std::string(text) + "' is not a size")) << p.error;
        EXPECT_TRUE(contains(p.error, "960x540 – 7680x4320")) << p.error;
        EXPECT_FALSE(contains(p.error, "\n"));
    }
    const char* out_of_range[] = {"0x0", "99999x1", "640x360", "959x540", "960x539", "7681x4320", "7680x4321",
                                  "99999999999999999999999x1080"};
    for (const char* text : out_of_range) {
        const Parsed p = parse({"--png", "/tmp/f.png", "--size", text});
        ASSERT_EQ(p.result, ParseResult::Error) << text;
        EXPECT_EQ(p.error, "--size: " + std::string(text) +
                               " is out of range; allowed 960x540 – 7680x4320 (width 960 – 7680, height 540 – 4320)");
    }
}

TEST(FigureOptions, SizeOrPresentationWithoutAPictureIsRefused) {
    for (const std::vector<std::string>& args : {std::vector<std::string>{"--size", "1920x1080"},
                                                 std::vector<std::string>{"--presentation"},
                                                 std::vector<std::string>{"--csv", "/tmp/t.csv", "--presentation"}}) {
        const Parsed p = parse(args);
        ASSERT_EQ(p.result, ParseResult::Error) << args[0];
        EXPECT_TRUE(contains(p.error, "--" + std::string(args.back() == "--presentation" ? "presentation" : "size")))
            << p.error;
        EXPECT_TRUE(contains(p.error, "--png FILE or --svg FILE")) << p.error;
    }
    const Parsed v = parse({"--png", "/tmp/f.png", "--presentation=yes"});
    ASSERT_EQ(v.result, ParseResult::Error);
    EXPECT_TRUE(contains(v.error, "--presentation: takes no value")) << v.error;
    const Parsed m = parse({"--png", "/tmp/f.png", "--size"});
    ASSERT_EQ(m.result, ParseResult::Error);
    EXPECT_TRUE(contains(m.error, "--size: missing value")) << m.error;
}

TEST(FigureOptions, KernelReadsThemAsRunDoesAndSweepRefusesThem) {
    const Parsed k = parse({"--png", "/tmp/f.png", "--size", "1280x720", "--presentation"}, /*kernel=*/true);
    ASSERT_EQ(k.result, ParseResult::Ok) << k.error;
    EXPECT_EQ(k.req.figure.width, 1280);
    EXPECT_TRUE(k.req.figure.presentation);

    for (const char* option : {"--size", "--presentation"}) {
        SweepRequest req;
        std::string error;
        std::vector<std::string> args = {"--param", "loss", "--from", "1e-4", "--to", "1e-2", option};
        if (std::string(option) == "--size") args.push_back("1920x1080");
        ASSERT_EQ(parse_sweep_options(args, req, &error), ParseResult::Error) << option;
        EXPECT_TRUE(error.starts_with(std::string(option) + ": ")) << error;
        EXPECT_TRUE(contains(error, "not an option of sweep")) << error;
    }
}

TEST(FigureOptions, TheRendererIsHandedTheFigure) {
    RunRequest req;
    req.png_path = "/tmp/never-written.png";
    req.figure = {1280, 720, true};
    FigureRequest seen{};
    std::string seen_png;
    const DashboardRenderer render = [&](const RunResult&, const std::string& png, const std::string&,
                                         const FigureRequest& figure, std::string*) {
        seen = figure;
        seen_png = png;
        return 0;
    };
    std::ostringstream out, err;
    const Io io{out, err};
    EXPECT_EQ(print_and_write(req, RunResult{}, "", {}, io, render), kExitOk) << err.str();
    EXPECT_EQ(seen_png, req.png_path);
    EXPECT_EQ(seen.width, 1280);
    EXPECT_EQ(seen.height, 720);
    EXPECT_TRUE(seen.presentation);
}

TEST(FigureOptions, HelpNamesBoth) {
    std::string help;
    for (const Option& o : run_options()) help += help_lines(o);
    EXPECT_TRUE(contains(help, "--size WxH")) << help;
    EXPECT_TRUE(contains(help, "960x540 - 7680x4320")) << help;
    EXPECT_TRUE(contains(help, "--presentation")) << help;
}

#ifdef INFLIGHT_TEST_HAVE_UI

TEST(FigureOptionsBinary, ThePngHasTheAskedSizeAndTheSvgIsClipped) {
    QTemporaryDir dir;
    const QString png = dir.filePath("f.png"), svg = dir.filePath("f.svg");
    const cli_test::Ran o = cli_test::run_program(INFLIGHT_EXE, {"run", "--duration", "3s", "--loss", "0.01%", "--png", png, "--svg", svg, "--size",
                                    "1000x600", "--presentation"});
    ASSERT_EQ(o.exit_code, 0) << o.err;
    EXPECT_EQ(png_size(png), (std::pair<int, int>{1000, 600}));
    QFile f(svg);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    EXPECT_EQ(text.count("<clipPath id="), 3);
    EXPECT_FALSE(text.contains("\xe2\x80\xa6"));  // "…"
    EXPECT_TRUE(text.contains("<svg width=\"1000\" height=\"600\""));

    const cli_test::Ran d = cli_test::run_program(INFLIGHT_EXE, {"run", "--duration", "2s", "--png", png});
    ASSERT_EQ(d.exit_code, 0) << d.err;
    EXPECT_EQ(png_size(png), (std::pair<int, int>{1920, 1080}));
}

TEST(FigureOptionsBinary, ABadSizeIsOneLineExitTwoAndNoFile) {
    QTemporaryDir dir;
    const QString png = dir.filePath("f.png");
    for (const char* size : {"12x", "0x0", "99999x1"}) {
        const cli_test::Ran o = cli_test::run_program(INFLIGHT_EXE, {"run", "--duration", "1s", "--png", png, "--size", size});
        EXPECT_EQ(o.exit_code, 2) << size;
        EXPECT_EQ(o.out, "");
        EXPECT_EQ(std::count(o.err.begin(), o.err.end(), '\n'), 1) << o.err;
        EXPECT_TRUE(o.err.starts_with("inflight: --size: ")) << o.err;
        EXPECT_TRUE(contains(o.err, size)) << o.err;
        EXPECT_TRUE(contains(o.err, "960x540 – 7680x4320")) << o.err;
        EXPECT_FALSE(QFileInfo::exists(png));
    }
    // An unwritable picture path: refused before the run, no file.
    const cli_test::Ran u = cli_test::run_program(INFLIGHT_EXE, {"run", "--duration", "1s", "--png", "/nonexistent-dir/f.png", "--size", "1280x720"});
    EXPECT_EQ(u.exit_code, 2) << u.err;
    EXPECT_TRUE(contains(u.err, "/nonexistent-dir/f.png")) << u.err;
    EXPECT_FALSE(QFileInfo::exists("/nonexistent-dir/f.png"));
}
#endif

// The figure's format follows its file name (".svg": SVG, else PNG), so a
// name that says the other format than the option is refused in one line,
// before the run: "--svg d4" wrote a PNG, "--png d.svg" an SVG, and the
// sweep's "--png sw.svg" PNG bytes in a .svg file.
TEST(FigureOptions, ANameThatSaysTheOtherFormatIsRefused) {
    for (const auto& [option, file, says] :
         {std::tuple{"--svg", "d4", "does not end in .svg"}, {"--svg", "d3.txt", "does not end in .svg"},
          {"--png", "d.svg", "ends in .svg"}, {"--png", "D.SVG", "ends in .svg"}}) {
        for (bool kernel : {false, true}) {
            const Parsed p = parse({option, std::string("/tmp/") + file}, kernel);
            EXPECT_EQ(p.result, ParseResult::Error) << option << " " << file;
            EXPECT_TRUE(p.error.starts_with(std::string(option) + ": '/tmp/" + file + "' " + says)) << p.error;
            EXPECT_EQ(p.error.find('\n'), std::string::npos);
        }
    }
    SweepRequest req;
    std::string error;
    ASSERT_EQ(parse_sweep_options({"--param", "loss", "--from", "1e-4", "--to", "1e-2", "--png", "/tmp/sw.svg"}, req,
                                  &error),
              ParseResult::Error);
    EXPECT_TRUE(error.starts_with("--png: '/tmp/sw.svg' ends in .svg")) << error;
    // Names that agree, or say nothing (a PNG by default), are taken.
    for (const auto& [option, file] : {std::pair{"--svg", "d.svg"}, {"--svg", "d.SVG"}, {"--png", "d.png"}, {"--png", "d"}}) {
        const Parsed p = parse({option, std::string("/tmp/") + file}, false);
        EXPECT_EQ(p.result, ParseResult::Ok) << option << " " << file << ": " << p.error;
    }
}
