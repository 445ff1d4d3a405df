// One export helper for every export: a path that cannot be written gives
// exactly one failure line, naming the path, and leaves no file; a good
// path one "Wrote" line; a refusal or a cancelled dialog writes nothing.
// Then the window's, the compare's and the sweep's exports, which all
// report through it.
#include <QFileInfo>
#include <QStringList>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#include "ui/export/export_helper.h"
#include "ui/export/exporter.h"
#include "model/engine/run.h"
#include "ui/sweep/sweep_window.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

const RunResult& small_result() {
    static const RunResult r = [] {
        Scenario s;
        s.duration_s = 2;
        return run_scenario(s);
    }();
    return r;
}

// What a helper reported, line by line.
struct Reports {
    ExportHelper helper(ExportHelper::AskPath ask = {}) {
        return ExportHelper(nullptr, [this](bool ok, const QString& line) { lines << (ok ? "ok: " : "failed: ") + line; },
                            std::move(ask));
    }
    QStringList lines;
};

ExportHelper::Writer trace_writer() {
    return [](const QString& path) { return save_trace_csv(small_result(), path); };
}

}  // namespace

TEST(ExportHelper, AnUnwritablePathGivesOneFailureLineNamingThePathAndNoFile) {
    for (const QString& path : {QStringLiteral("/nonexistent-dir/trace.csv"), QStringLiteral("/proc/inflight-trace.csv")}) {
        Reports r;
        const ExportHelper::Outcome o = r.helper().write(path, trace_writer());
        EXPECT_FALSE(o.ok);
        ASSERT_EQ(r.lines.size(), 1) << r.lines.join('|').toStdString();
        EXPECT_EQ(r.lines[0], "failed: " + o.line);
        EXPECT_TRUE(o.line.startsWith("Export failed — ")) << o.line.toStdString();
        EXPECT_TRUE(o.line.contains(path)) << o.line.toStdString();
        EXPECT_FALSE(o.line.contains('\n'));
        EXPECT_FALSE(QFileInfo::exists(path));
    }
}

TEST(ExportHelper, AWrittenFileIsReportedOnceByItsPath) {
    QTemporaryDir dir;
    const QString path = dir.filePath("trace.csv");
    Reports r;
    const ExportHelper::Outcome o = r.helper().write(path, trace_writer());
    EXPECT_TRUE(o.ok);
    EXPECT_EQ(r.lines, QStringList{"ok: Wrote " + path});
    EXPECT_TRUE(QFileInfo(path).size() > 0);
}

TEST(ExportHelper, ARefusalOrACancelledDialogWritesNothing) {
    QTemporaryDir dir;
    const QString path = dir.filePath("never.csv");
    int writes = 0;
    const ExportHelper::Writer counting = [&](const QString& p) {
        ++writes;
        return save_trace_csv(small_result(), p);
    };
    Reports refused;
    EXPECT_FALSE(refused.helper().refuse("nothing to export yet").ok);
    EXPECT_EQ(refused.lines, QStringList{"failed: nothing to export yet"});

    Reports cancelled;
    const ExportHelper::Outcome o =
        cancelled.helper([](const QString&, const QString&, const QString&) { return QString(); })
            .ask("Export", "never.csv", "CSV (*.csv)", counting);
    EXPECT_FALSE(o.ok);
    EXPECT_TRUE(cancelled.lines.isEmpty());

    Reports chosen;
    EXPECT_TRUE(chosen.helper([&](const QString&, const QString&, const QString&) { return path; })
                    .ask("Export", "never.csv", "CSV (*.csv)", counting)
                    .ok);
    EXPECT_EQ(writes, 1);
    EXPECT_EQ(chosen.lines, QStringList{"ok: Wrote " + path});
}

TEST(ExportHelperInTheWindow, EveryFileExportOfTheWindowSaysOneLineNamingAnUnwritablePath) {
    auto w = make_window();
    ASSERT_TRUE(wait_settled(*w));
    const QString dir = "/nonexistent-dir/";
    const auto check = [&](bool ok, const QString& path) {
        EXPECT_FALSE(ok) << path.toStdString();
        EXPECT_TRUE(w->bannerText().startsWith("Export failed — ")) << w->bannerText().toStdString();
        EXPECT_TRUE(w->bannerText().contains(path)) << w->bannerText().toStdString();
        EXPECT_FALSE(w->bannerText().contains('\n'));
        EXPECT_FALSE(QFileInfo::exists(path));
    };
    check(w->exportTraceCsv(dir + "trace.csv"), dir + "trace.csv");
    check(w->exportEventsCsv(dir + "events.csv"), dir + "events.csv");
    check(w->exportImage(dir + "dash.png", -1, 1.0), dir + "dash.png");
    check(w->exportImage(dir + "dash.svg", -1, 1.0), dir + "dash.svg");
    // And a good path clears the banner.
    QTemporaryDir ok;
    EXPECT_TRUE(w->exportTraceCsv(ok.filePath("trace.csv")));
    EXPECT_TRUE(w->bannerText().isEmpty());
}

TEST(ExportHelperInTheWindow, TheSweepSaysTheSameLineUnderItsButtonsAsItReturns) {
    SweepWindow s;
    QString err;
    const QString path = "/nonexistent-dir/sweep.csv";
    EXPECT_FALSE(s.exportCsv(path, &err));  // nothing swept yet: refused
    EXPECT_EQ(s.statusText(), err);
    EXPECT_TRUE(err.startsWith("No finished sweep")) << err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(path));
}
