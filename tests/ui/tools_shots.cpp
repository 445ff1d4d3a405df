// Screenshots of the analysis tools for the README and for looking at them:
// the compare table with a ghost (Reno pinned, CUBIC now, same lossy path),
// the real-system panel at the playhead (paced BBR), and the sweep window
// after a 13-point loss sweep of three algorithms; and, where the kernel run
// may start (root), the bufferbloat experiment in the model and on this
// computer's kernel overlaid (a 20 s kernel run in wall time). Run it under
// Xvfb (or QT_QPA_PLATFORM=offscreen): tools_shots OUTDIR [kernel|kernelflows|nokernel|tsg]
// — with `kernel`, only that shot; `kernelflows`, only CUBIC against BBR on
// the kernel; with `nokernel`, every shot but the kernel's; with `tsg`, only the
// time-sequence graph of the lesson's loss experiment (time-sequence.png);
// with `capture [FILE]`, FILE (or a model capture of a path it writes)
// opened beside the model and then Model this path, in both looks
// (capture-model.png, capture-model-presentation.png), at 1280×900.
// At 1280×720 but the real system's (1280×900) and the kernel's (1600×900).
#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <cstring>

#include "ui/compare/compare_controller.h"
#include "ui/lesson/playhead.h"
#include "ui/real_system/bridge_panel.h"
#include "app/capture/model_capture.h"
#include "app/capture/pcap_file_writer.h"
#include "model/engine/run.h"
#include "ui/time_sequence/capture_tool.h"
#include "ui/time_sequence/tsg_chart.h"
#include "ui/time_sequence/tsg_view.h"
#include "ui/real_system/kernel_tool.h"
#include "shots_harness.h"
#include "ui/sweep/sweep_window.h"
#include "ui/teaching/experiment_panel.h"
#include "tools_helpers.h"

using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {

// Experiment 3, step 2 (CUBIC, 100 Mbit/s, 20 ms, buffer 500 ms) in the
// model with the linux stack (HyStart, delayed ACKs, autotuning, PRR: what
// the kernel beside it does), then 20 s of it on the kernel, at 1600×900.
void kernel_bufferbloat_shot(ShotHarness& shots) {
    MainWindow& w = shots.window();
    AnalysisTools* tools = tools_of(w);
    w.resize(1600, 900);
    w.openExperiment(2);
    w.goToStep(1);
    w.guide()->setButton()->click();
    wait_settled(w);
    run_scenario(w, R"({"algo": "cubic", "bandwidth": "100Mbps", "rtt": "20ms", "buffer": "500ms", "stack": "linux"})");
    KernelTool* kernel = tools->kernel();
    tools->bridge()->kernelDuration()->setValue(20);
    if (const auto why = kernel->runner()->refusal(kernel->scenarioToRun())) {
        std::printf("skipped kernel-bufferbloat.png: %s\n", qPrintable(*why));
        return;
    }
    if (!kernel->start()) return;
    wait_until([&] { return !kernel->runner()->running(); }, 60000);
    if (!tools->compare()->finishedKernel()) {
        std::printf("FAILED kernel-bufferbloat.png: %s\n", qPrintable(tools->bridge()->kernelStatus()));
        return;
    }
    shots.save(&w, "kernel-bufferbloat.png");
}

// CUBIC against BBR on one path (experiment 5's, 2 BDP), the model with
// the linux stack and 20 s of it on the kernel: each flow's kernel series
// beside the model's, at 1280×720.
void kernel_flows_shot(ShotHarness& shots) {
    MainWindow& w = shots.window();
    AnalysisTools* tools = tools_of(w);
    w.resize(1280, 720);
    run_scenario(w, R"({"bandwidth": "50Mbps", "rtt": "40ms", "buffer": "80ms", "stack": "linux", "duration": "20s",
                        "flows": [{"algo": "cubic"}, {"algo": "bbr"}]})");
    KernelTool* kernel = tools->kernel();
    tools->bridge()->kernelDuration()->setValue(20);
    if (const auto why = kernel->runner()->refusal(kernel->scenarioToRun())) {
        std::printf("skipped kernel-cubic-bbr.png: %s\n", qPrintable(*why));
        return;
    }
    if (!kernel->start()) return;
    wait_until([&] { return !kernel->runner()->running(); }, 60000);
    if (!tools->compare()->finishedKernel()) {
        std::printf("FAILED kernel-cubic-bbr.png: %s\n", qPrintable(tools->bridge()->kernelStatus()));
        return;
    }
    shots.save(&w, "kernel-cubic-bbr.png");
}

}  // namespace

int main(int argc, char** argv) {
    ShotHarness shots(argc, argv);
    MainWindow& w = shots.window();
    AnalysisTools* tools = tools_of(w);
    if (argc > 2 && std::strcmp(argv[2], "kernel") == 0) {
        wait_settled(w);
        kernel_bufferbloat_shot(shots);
        return 0;
    }
    if (argc > 2 && std::strcmp(argv[2], "tsg") == 0) {
        // The lesson's loss experiment (CUBIC, 100 Mbit/s, 80 ms, 0.01%):
        // the time–sequence graph of its first three seconds, slow start,
        // the loss and the recovery.
        run_scenario(w, R"({"algo": "cubic", "loss": "0.01%"})");
        w.resize(1280, 900);
        tools->timeSequenceDock()->toggleViewAction()->trigger();
        TimeSequenceView* view = tools->timeSequence();
        wait_until([&] { return view->chart()->graph() && !view->loader()->busy(); }, 60000);
        view->chart()->showTimes(0, 3);
        QCoreApplication::processEvents();
        shots.save(&w, "time-sequence.png");
        return 0;
    }
    if (argc > 2 && std::strcmp(argv[2], "capture") == 0) {
        QString pcap = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QString();
        QTemporaryDir dir;
        if (pcap.isEmpty()) {
            // A path to find again: CUBIC over 30 Mbit/s, 30 ms, 0.1% random loss.
            inflight::Scenario s;
            s.bandwidth_bps = 30e6;
            s.rtt_s = 0.030;
            s.loss = 0.001;
            s.loss_pattern = inflight::LossPattern::Random;
            s.duration_s = 20;
            pcap = dir.filePath("path.pcap");
            std::string error;
            auto writer = inflight::capture::PcapFileWriter::open(pcap.toStdString(), {}, &error);
            inflight::capture::ModelCapture tap(*writer, s);
            inflight::RunControl control;
            control.tap = &tap;
            inflight::run_scenario(s, control);
            tap.flush();
            (void)writer->finish();
        }
        wait_settled(w);
        // At 1280×900, as the time–sequence shot: the graph's dock under the panels.
        w.resize(1280, 900);
        tools->openCapture(pcap);
        CaptureTool* capture = tools->captureTool();
        wait_until([&] { return capture->capture() != nullptr; }, 60000);
        shots.save(&w, "capture-open.png");
        capture->modelAction()->trigger();
        wait_until([&] { return finished(w) && tools->timeSequence()->comparison().contains("throughput"); }, 120000);
        std::printf("%s\n%s\n", qPrintable(tools->timeSequence()->summary()),
                    qPrintable(tools->timeSequence()->comparison()));
        shots.save(&w, "capture-model.png");
        w.setPresentation(true);
        QTest::qWait(1500);
        shots.save(&w, "capture-model-presentation.png");
        return 0;
    }
    if (argc > 2 && std::strcmp(argv[2], "kernelflows") == 0) {
        wait_settled(w);
        kernel_flows_shot(shots);
        return 0;
    }

    // Reno vs CUBIC on the same lossy path.
    run_scenario(w, R"({"algo": "reno", "loss": "0.01%"})");
    tools->compare()->pin();
    run_scenario(w, R"({"algo": "cubic", "loss": "0.01%"})");
    shots.save(&w, "compare-reno-cubic.png");

    // The real system: paced BBR on the same path, 30 s in.
    tools->compare()->unpin();
    run_scenario(w, R"({"algo": "bbr", "pacing": true, "loss": "none"})");
    // At 1280×900: the dock's four command blocks need the height (at
    // 1280×720 the dock scrolls and a still image shows them cut).
    w.resize(1280, 900);
    tools->bridgeDock()->toggleViewAction()->trigger();
    w.playhead()->seek(30.0);
    shots.save(&w, "real-system.png");
    tools->bridgeDock()->hide();
    w.resize(1280, 720);

    // The sweep: loss 1e-5 … 1e-2, 13 points, Reno, CUBIC and BBR.
    run_scenario(w, R"({"algo": "cubic"})");
    SweepWindow* s = tools->openSweep();
    s->resize(1280, 720);
    s->run();
    wait_until([&] { return !s->running() && s->result(); });
    shots.save(s, "sweep-loss.png");
    s->close();

    if (argc > 2 && std::strcmp(argv[2], "nokernel") == 0) return 0;
    kernel_bufferbloat_shot(shots);
    return 0;
}
