// Headless UI benchmark (QT_QPA_PLATFORM=offscreen): 200 rapid changes of the
// bandwidth slider, as a hand dragging it, then measures
//   (a) the time from the last change to the final hero number on screen;
//   (b) the longest stall of the UI thread during the whole drag and settle
//       (gap between ticks of a 1 ms timer, minus the 1 ms).
// Targets (app.md): (a) ≤ 100 ms for paths up to 1 Gbit/s; (b) ≤ 50 ms.
//   ui_bench [final bandwidth, e.g. 1Gbps] [changes, default 200]
#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <QThread>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "controls/controls_panel.h"
#include "panels/dashboard.h"
#include "shell/main_window.h"
#include "controls/param_slider.h"
#include "session/run_session.h"
#include "shell/themes.h"
#include "units.h"

using namespace inflight;
using namespace inflight::ui;

namespace {

// Times every event the UI thread dispatches and remembers the slowest, so a
// stall can be traced to what caused it (INFLIGHT_BENCH_VERBOSE=1 prints it).
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* e) override {
        if (QThread::currentThread() != thread()) return QApplication::notify(receiver, e);
        if (depth_++ > 0) {
            const bool r = QApplication::notify(receiver, e);
            --depth_;
            return r;
        }
        QElapsedTimer t;
        t.start();
        const QEvent::Type type = e->type();
        const char* cls = receiver->metaObject()->className();
        const bool r = QApplication::notify(receiver, e);
        const qint64 ns = t.nsecsElapsed();
        if (recording && ns > slowest_ns) {
            slowest_ns = ns;
            slowest = QString("%1 to %2").arg(int(type)).arg(cls);
        }
        --depth_;
        return r;
    }
    bool recording = false;
    qint64 slowest_ns = 0;
    QString slowest;

private:
    int depth_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    apply_theme(Theme::Light);
    double target_bps = 1e9;
    int changes = 200;
    if (argc > 1) {
        const auto p = parse_rate_bps(argv[1], "bandwidth");
        if (!p) { std::fprintf(stderr, "%s\n", p.error.c_str()); return 2; }
        target_bps = p.value;
    }
    if (argc > 2) changes = std::atoi(argv[2]);

    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    ParamSlider* bw = w.controls()->bandwidth();
    QSlider* slider = bw->slider();
    bw->setValue(target_bps);
    const int target_index = slider->value();
    bw->setValue(100e6);

    // Stall meter.
    QElapsedTimer clock;
    clock.start();
    // A gap between ticks is either the UI thread busy (our code) or the
    // thread descheduled by a loaded machine; the thread's CPU time over the
    // gap tells them apart.
    const auto thread_cpu_ms = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
    };
    qint64 last_tick = 0, worst_stall_ms = 0;
    double last_cpu = 0, worst_busy_ms = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        const double cpu = thread_cpu_ms();
        if (last_tick) {
            worst_stall_ms = std::max(worst_stall_ms, now - last_tick - 1);
            worst_busy_ms = std::max(worst_busy_ms, cpu - last_cpu);
        }
        last_tick = now;
        last_cpu = cpu;
    });

    // Let the first run finish, then drag: one change every 2 ms, wandering
    // within three decades and ending on the target.
    int n = 0;
    qint64 last_change_ms = 0;
    bool settled = false;
    QTimer* step = new QTimer(&app);
    QTimer::singleShot(1500, [&] {
        ticker.start();
        app.recording = true;
        QObject::connect(step, &QTimer::timeout, [&] {
            ++n;
            const int lo = slider->minimum(), hi = slider->maximum();
            int v = n == changes ? target_index : lo + (n * 37) % (hi - lo + 1);
            if (v == slider->value()) v = v > lo ? v - 1 : v + 1;
            if (n == changes) v = target_index;
            slider->setValue(v);
            if (n < changes) return;
            step->stop();
            last_change_ms = clock.elapsed();
            const quint64 gen = w.session()->generation();
            QObject::connect(w.dashboard(), &Dashboard::frameShown, [&, gen](quint64 g, bool done) {
                if (!done || g != gen || settled) return;
                settled = true;
                const qint64 settle = clock.elapsed() - last_change_ms;
                const SnapshotPtr s = w.dashboard()->shown();
                // Keep measuring stalls a little after the settle.
                QTimer::singleShot(300, [&, settle, s] {
                    std::printf("ui_bench: %d slider changes ending at %s\n", changes,
                                format_rate(target_bps).c_str());
                    std::printf("  last change -> final hero number: %lld ms (target <= 100 ms up to 1 Gbit/s)\n",
                                static_cast<long long>(settle));
                    std::printf("  model wall time of the final run: %.1f ms\n",
                                s->result.summary.wall_seconds * 1e3);
                    std::printf("  longest UI-thread stall: %lld ms wall (target <= 50 ms), "
                                "of which at most %.1f ms on the UI thread's CPU\n",
                                static_cast<long long>(worst_stall_ms), worst_busy_ms);
                    std::printf("  hero number: %s\n",
                                format_rate(s->result.summary.throughput_bps).c_str());
                    std::printf("  slowest single event on the UI thread: %.1f ms (event type %s)\n",
                                app.slowest_ns / 1e6, qPrintable(app.slowest));
                    {
                        // One whole frame, as UI-thread CPU time: replace every
                        // series, let the charts rebuild, repaint the window.
                        const double c0 = thread_cpu_ms();
                        const int frames = 10;
                        for (int i = 0; i < frames; ++i) {
                            w.dashboard()->showNow(s);
                            QCoreApplication::processEvents();
                            w.repaint();
                        }
                        std::printf("  one full frame (replace all series + repaint): %.1f ms of UI-thread CPU\n",
                                    (thread_cpu_ms() - c0) / frames);
                    }
                    if (qEnvironmentVariableIsSet("INFLIGHT_TIMING")) {
                        for (QWidget* p : {w.dashboard()->panel(Dashboard::Panel::Window), w.dashboard()->panel(Dashboard::Panel::Rtt), w.dashboard()->panel(Dashboard::Panel::Hero), w.dashboard()->panel(Dashboard::Panel::Events), static_cast<QWidget*>(&w)}) {
                            QElapsedTimer t; t.start(); p->repaint(); std::printf("  repaint %s: %lld ms\n", p->metaObject()->className(), (long long)t.elapsed());
                        }
                    }
                    app.exit(0);
                });
            });
        });
        step->start(2);
    });
    QTimer::singleShot(120000, [&] {
        std::fprintf(stderr, "ui_bench: timed out\n");
        app.exit(1);
    });
    return app.exec();
}
