// Headless UI benchmark (QT_QPA_PLATFORM=offscreen): 200 rapid changes of the
// bandwidth slider, as a hand dragging it, then measures
//   (a) the time from the last change to the final hero number on screen;
//   (b) the longest stall of the UI thread during the whole drag and settle
//       (gap between ticks of a 1 ms timer, minus the 1 ms).
// Targets: (a) ≤ 100 ms for paths up to 1 Gbit/s; (b) ≤ 50 ms.
// With several flows the drag runs over a scenario of flows: a flow preset
// of the controls, or N CUBIC flows; then it also reports how the final
// run streamed in (its first frame, and how many provisional frames came
// before the finished one). Targets: 2 flows at 100 Mbit/s settle within
// 100 ms; 16 flows at 1 Gbit/s stream in, the UI never stalling > 50 ms.
//   ui_bench [final bandwidth, e.g. 1Gbps] [changes, default 200]
//            [--preset cubic-vs-bbr | --flows N (1-16 CUBIC flows)] [--duration SECONDS]
// Last, a row measured apart from the drag: one frame of the window and RTT
// charts for a synthetic 600 s run of 16 flows × 10k points (synthetic_runs.h)
// beside one flow of the same length, in UI-thread CPU time.
// A preset brings its lesson's path (and its duration: CUBIC vs BBR runs
// 120 s); --duration overrides it; the bandwidth is the drag's.
// The heap is set up as the window's (heap_reuse.h) unless
// INFLIGHT_BENCH_DEFAULT_HEAP=1 leaves glibc's defaults, to measure the
// difference.
#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QChartView>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QSlider>
#include <QThread>
#include <QTimer>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "ui/controls/controls_panel.h"
#include "ui/lesson/flow_presets.h"
#include "ui/panels/event_log_view.h"
#include "ui/panels/hero_panel.h"
#include "ui/panels/rtt_chart.h"
#include "ui/panels/chart_frame.h"
#include "ui/panels/window_chart.h"
#include "synthetic_runs.h"
#include "app/formats/scenario_file.h"
#include "ui/panels/dashboard.h"
#include "ui/shell/main_window.h"
#include "ui/session/heap_reuse.h"
#include "ui/controls/param_slider.h"
#include "ui/session/run_session.h"
#include "ui/shell/themes.h"
#include "model/core/units.h"

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
        if (type == QEvent::LayoutRequest) {
            ++layout_requests;
            layout_ns += ns;
            // Posted while handling an earlier event: tally those.
            if (recording) layout_after[previous] += ns / 1e6;
        } else {
            previous = QString("%1 to %2").arg(int(type)).arg(cls);
        }
        if (recording && ns > slowest_ns) {
            slowest_ns = ns;
            slowest = QString("%1 to %2").arg(int(type)).arg(cls);
        }
        // What ran since the stall meter's last tick (the events of a gap).
        if (recording && ns > 1'000'000) since_tick.push_back(QString("%1 ms: %2 to %3").arg(ns / 1e6, 0, 'f', 1).arg(int(type)).arg(cls));
        --depth_;
        return r;
    }
    bool recording = false;
    qint64 slowest_ns = 0;
    QString slowest;
    QStringList since_tick;
    int layout_requests = 0;
    qint64 layout_ns = 0;
    QString previous;                      // the last event other than a layout request
    std::map<QString, double> layout_after;  // ms of layout requests, by the event before them

private:
    int depth_ = 0;
};

// A preset's name on the command line: "CUBIC vs BBR" → "cubic-vs-bbr".
std::string preset_slug(FlowPreset p) {
    std::string out;
    for (const char* c = preset_name(p); *c; ++c) {
        if (std::isalnum(static_cast<unsigned char>(*c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

struct BenchArgs {
    double target_bps = 1e9;
    int changes = 200;
    std::optional<FlowPreset> preset;
    int flows = 0;               // N CUBIC flows (0: the window's one flow)
    std::optional<double> duration_s;
};

// One line on stderr and nothing for bad input.
std::optional<BenchArgs> parse_args(int argc, char** argv) {
    BenchArgs a;
    int positional = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--preset" || arg == "--flows" || arg == "--duration") {
            if (!has_value) {
                std::fprintf(stderr, "ui_bench: %s needs a value\n", arg.c_str());
                return std::nullopt;
            }
            const std::string v = argv[++i];
            if (arg == "--preset") {
                std::string names;
                for (FlowPreset p : kAllFlowPresets) {
                    if (preset_slug(p) == v) a.preset = p;
                    names += (names.empty() ? "" : ", ") + preset_slug(p);
                }
                if (!a.preset) {
                    std::fprintf(stderr, "ui_bench: --preset '%s': unknown preset (allowed: %s)\n", v.c_str(),
                                 names.c_str());
                    return std::nullopt;
                }
            } else if (arg == "--flows") {
                char* end = nullptr;
                const long n = std::strtol(v.c_str(), &end, 10);
                if (*end || n < 1 || n > 16) {
                    std::fprintf(stderr, "ui_bench: --flows '%s': a whole number of flows from 1 to 16\n", v.c_str());
                    return std::nullopt;
                }
                a.flows = static_cast<int>(n);
            } else {
                char* end = nullptr;
                const double d = std::strtod(v.c_str(), &end);
                if (*end || !(d >= Limits::min_duration_s && d <= Limits::max_duration_s)) {
                    std::fprintf(stderr, "ui_bench: --duration '%s': seconds from %g to %g\n", v.c_str(),
                                 Limits::min_duration_s, Limits::max_duration_s);
                    return std::nullopt;
                }
                a.duration_s = d;
            }
        } else if (positional == 0) {
            const auto p = parse_rate_bps(arg, "bandwidth");
            if (!p) {
                std::fprintf(stderr, "ui_bench: %s\n", p.error.c_str());
                return std::nullopt;
            }
            a.target_bps = p.value;
            ++positional;
        } else if (positional == 1) {
            char* end = nullptr;
            const long n = std::strtol(arg.c_str(), &end, 10);
            if (*end || n < 1 || n > 100000) {
                std::fprintf(stderr, "ui_bench: changes '%s': a whole number from 1 to 100000\n", arg.c_str());
                return std::nullopt;
            }
            a.changes = static_cast<int>(n);
            ++positional;
        } else {
            std::fprintf(stderr, "ui_bench: unexpected argument '%s'\n", arg.c_str());
            return std::nullopt;
        }
    }
    if (a.preset && a.flows) {
        std::fprintf(stderr, "ui_bench: --preset and --flows: choose one\n");
        return std::nullopt;
    }
    return a;
}

// One frame of the window and RTT charts (series replaced, both painted)
// for a synthetic 600 s run of 16 flows × 10k points, and for one flow of the
// same length: UI-thread CPU ms (of which replacing the series) and wall ms,
// the best of five (a shared machine's other work shows in wall time).
// Target: within the dashboard's frame interval.
template <class CpuMs>
void sixteen_flows_frame(const CpuMs& thread_cpu_ms) {
    Dashboard d;
    d.resize(960, 620);
    d.show();
    QCoreApplication::processEvents();
    auto snap = std::make_shared<RunSnapshot>();
    snap->done = true;
    snap->result = test::sixteen_flows_of_ten_thousand_points();
    d.showNow(snap);  // the per-flow series made once
    QCoreApplication::processEvents();
    QImage img(d.size(), QImage::Format_ARGB32_Premultiplied);
    struct FrameTime {
        double cpu_ms = 1e9, series_ms = 1e9, wall_ms = 1e9;
    };
    const auto best_of_five = [&](const RunResult& run) {
        FrameTime best;
        for (int rep = 0; rep < 5; ++rep) {
            const double cpu0 = thread_cpu_ms();
            QElapsedTimer wall;
            wall.start();
            d.windowChart()->setRun(run);
            d.rttChart()->setRun(run);
            const double series = thread_cpu_ms() - cpu0;
            for (ChartFrame* f : std::initializer_list<ChartFrame*>{d.windowChart(), d.rttChart()}) {
                QPainter p(&img);
                f->view()->render(&p);
            }
            best.cpu_ms = std::min(best.cpu_ms, thread_cpu_ms() - cpu0);
            best.series_ms = std::min(best.series_ms, series);
            best.wall_ms = std::min(best.wall_ms, static_cast<double>(wall.elapsed()));
        }
        return best;
    };
    const FrameTime sixteen = best_of_five(snap->result);
    auto one = std::make_shared<RunSnapshot>(*snap);
    one->result.scenario.flows.clear();
    one->result.flows.resize(1);
    d.showNow(one);
    const FrameTime single = best_of_five(one->result);
    std::printf("  16 flows x 10k points, window + RTT charts (replace + paint), best of 5: %.1f ms CPU "
                "(%.1f replacing series) / %.0f ms wall; 1 flow, same length: %.1f (%.1f) / %.0f "
                "(target: within the %d ms frame interval)\n",
                sixteen.cpu_ms, sixteen.series_ms, sixteen.wall_ms, single.cpu_ms, single.series_ms, single.wall_ms,
                Dashboard::kFrameIntervalMs);
}

// The scenario the drag runs over: the window's, with the preset's or the
// N flows, and the duration asked for.
Scenario bench_scenario(const BenchArgs& a, Scenario s) {
    if (a.preset) s = apply_preset(*a.preset, s);
    if (a.flows) {
        FlowSpec cubic;
        cubic.algorithm = Algorithm::Cubic;
        s.flows.assign(static_cast<std::size_t>(a.flows), cubic);
    }
    if (a.duration_s) s.duration_s = *a.duration_s;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // As the window does (run_gui): freed memory stays for the next copies.
    if (!qEnvironmentVariableIsSet("INFLIGHT_BENCH_DEFAULT_HEAP")) keep_freed_memory_for_reuse();
    TimedApplication app(argc, argv);
    apply_theme(Theme::Light);
    const std::optional<BenchArgs> args = parse_args(argc, argv);
    if (!args) return 2;
    const double target_bps = args->target_bps;
    const int changes = args->changes;

    MainWindow w(/*use_settings=*/false);
    w.resize(1280, 720);
    w.show();
    // The flows, through a scenario file as a user would open one.
    const Scenario scenario = bench_scenario(*args, w.controls()->scenario());
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("bench.json");
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(scenario_to_json(scenario)).toJson()) < 0) {
            std::fprintf(stderr, "ui_bench: cannot write %s\n", qPrintable(path));
            return 2;
        }
        f.close();
        if (!w.loadScenario(path)) {
            std::fprintf(stderr, "ui_bench: the window refused the scenario\n");
            return 2;
        }
    }
    ParamSlider* bw = w.controls()->bandwidth();
    QSlider* slider = bw->slider();
    bw->setValue(target_bps);
    const int target_index = slider->value();
    // The drag starts a notch away from its end: the window keeps finished
    // runs (session/result_memory.h), and a start on the target would leave
    // the drag's last change nothing to run.
    slider->setValue(target_index > slider->minimum() ? target_index - 1 : target_index + 1);

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
    QStringList worst_stall_events;  // the events (over 1 ms) in the longest gap
    double last_cpu = 0, worst_busy_ms = 0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        const double cpu = thread_cpu_ms();
        if (last_tick) {
            if (now - last_tick - 1 > worst_stall_ms) worst_stall_events = app.since_tick;
            worst_stall_ms = std::max(worst_stall_ms, now - last_tick - 1);
            worst_busy_ms = std::max(worst_busy_ms, cpu - last_cpu);
        }
        app.since_tick.clear();
        last_tick = now;
        last_cpu = cpu;
    });

    // Let the first run finish, then drag: one change every 2 ms, wandering
    // within three decades and ending on the target.
    int n = 0;
    qint64 last_change_ms = 0;
    bool settled = false;
    // How the final run came in: its first frame, and the provisional
    // frames (hero "≈ … so far") before the finished one.
    qint64 first_frame_ms = -1;
    int provisional_frames = 0;
    QString first_hero;
    // When the finished snapshot reached the UI thread (its run started its
    // model wall time before), to split the settle into model and UI time.
    qint64 done_arrived_ms = -1;
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
            // Heard before the dashboard, which may draw the snapshot as it
            // arrives: its connection is made again after this one.
            QObject::disconnect(w.session(), &RunSession::snapshotReady, w.dashboard(), &Dashboard::offer);
            QObject::connect(w.session(), &RunSession::snapshotReady, [&, gen](const SnapshotPtr& snap) {
                if (snap->generation == gen && snap->done && done_arrived_ms < 0)
                    done_arrived_ms = clock.elapsed() - last_change_ms;
            });
            QObject::connect(w.session(), &RunSession::snapshotReady, w.dashboard(), &Dashboard::offer);
            QObject::connect(w.dashboard(), &Dashboard::frameShown, [&, gen](quint64 g, bool done) {
                if (g != gen || settled) return;
                if (first_frame_ms < 0) {
                    first_frame_ms = clock.elapsed() - last_change_ms;
                    first_hero = w.dashboard()->hero()->heroText();
                }
                if (!done) {
                    ++provisional_frames;
                    return;
                }
                settled = true;
                const qint64 settle = clock.elapsed() - last_change_ms;
                const SnapshotPtr s = w.dashboard()->shown();
                // Keep measuring stalls a little after the settle.
                QTimer::singleShot(300, [&, settle, s] {
                    const Scenario& sc = s->result.scenario;
                    std::printf("ui_bench: %d slider changes ending at %s; %zu flow%s%s%s, %g s runs\n", changes,
                                format_rate(target_bps).c_str(), std::max<std::size_t>(1, sc.flows.size()),
                                sc.flows.size() > 1 ? "s" : "", args->preset ? " — preset " : "",
                                args->preset ? preset_slug(*args->preset).c_str() : "", sc.duration_s);
                    std::printf("  last change -> final hero number: %lld ms (target <= 100 ms up to 1 Gbit/s)%s\n",
                                static_cast<long long>(settle),
                                s->reused ? " -- NOT a run: an earlier run's result shown again" : "");
                    const double model_ms = s->result.summary.wall_seconds * 1e3;
                    std::printf("  model wall time of the final run: %.1f ms\n", model_ms);
                    std::printf("  of the settle: the run started ~%.0f ms after the last change, ran %.0f ms, "
                                "reached the UI thread at %lld ms, on screen %lld ms later (frame wait + draw)\n",
                                static_cast<double>(done_arrived_ms) - model_ms, model_ms,
                                static_cast<long long>(done_arrived_ms),
                                static_cast<long long>(settle - done_arrived_ms));
                    std::printf("  longest UI-thread stall: %lld ms wall (target <= 50 ms), "
                                "of which at most %.1f ms on the UI thread's CPU\n",
                                static_cast<long long>(worst_stall_ms), worst_busy_ms);
                    std::printf("  hero number: %s\n",
                                format_rate(s->result.summary.throughput_bps).c_str());
                    std::printf("  the final run streamed in: first frame %lld ms after the last change (hero \"%s\"), "
                                "%d provisional frame%s before the finished one\n",
                                static_cast<long long>(first_frame_ms), qPrintable(first_hero), provisional_frames,
                                provisional_frames == 1 ? "" : "s");
                    std::printf("  slowest single event on the UI thread: %.1f ms (QEvent type to receiver: %s; 77 = UpdateRequest, a repaint)\n",
                                app.slowest_ns / 1e6, qPrintable(app.slowest));
                    if (qEnvironmentVariableIsSet("INFLIGHT_BENCH_VERBOSE")) {
                        std::printf("  window layouts (QEvent 76, LayoutRequest) by the event before them:");
                        for (const auto& [what, ms] : app.layout_after) std::printf(" %s: %.0f ms;", qPrintable(what), ms);
                        std::printf("\n");
                    }
                    if (qEnvironmentVariableIsSet("INFLIGHT_BENCH_VERBOSE"))
                        std::printf("  the longest stall's events over 1 ms (QEvent type to receiver): %s\n",
                                    qPrintable(worst_stall_events.join("; ")));
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
                    sixteen_flows_frame(thread_cpu_ms);
                    if (qEnvironmentVariableIsSet("INFLIGHT_TIMING")) {
                        // Which panel's redraw asks the window for a new layout.
                        const auto probe = [&](const char* what, const std::function<void()>& f) {
                            QCoreApplication::processEvents();
                            const int n0 = app.layout_requests;
                            const qint64 ns0 = app.layout_ns;
                            QElapsedTimer t;
                            t.start();
                            f();
                            const qint64 own = t.nsecsElapsed();
                            QCoreApplication::processEvents();
                            std::printf("  %s: %.1f ms, then %d layout request(s), %.1f ms\n", what, own / 1e6,
                                        app.layout_requests - n0, (app.layout_ns - ns0) / 1e6);
                        };
                        Dashboard* d = w.dashboard();
                        probe("window chart", [&] { d->windowChart()->setRun(s->result); });
                        probe("RTT chart", [&] { d->rttChart()->setRun(s->result); });
                        probe("hero", [&] { d->hero()->setSnapshot(*s); });
                        probe("event log", [&] { d->events()->setSnapshot(s); });
                        probe("whole frame", [&] { d->showNow(s); });
                        // A frame of the run half way, then the finished one again.
                        auto half = std::make_shared<RunSnapshot>(*s);
                        half->done = false;
                        half->sim_time_s = s->sim_time_s / 2;
                        const auto cut = [](Trace& t) { t.buckets.resize(t.buckets.size() / 2); };
                        cut(half->result.trace);
                        for (FlowResult& f : half->result.flows) cut(f.trace);
                        half->result.events.resize(half->result.events.size() / 2);
                        probe("a partial frame after the final", [&] { d->showNow(half); });
                        probe("another partial frame", [&] { d->showNow(half); });
                        probe("the final after a partial", [&] { d->showNow(s); });

                        for (QWidget* p : {w.dashboard()->panel(Dashboard::Panel::Window), w.dashboard()->panel(Dashboard::Panel::Rtt), w.dashboard()->panel(Dashboard::Panel::Hero), w.dashboard()->panel(Dashboard::Panel::Events), static_cast<QWidget*>(&w)}) {
                            QElapsedTimer t; t.start(); p->repaint(); std::printf("  repaint %s: %lld ms\n", p->metaObject()->className(), (long long)t.elapsed());
                        }
                    }
                    {
                        // A revisit: the slider one notch away and that run
                        // finished, then back to the target, which ran a
                        // moment ago: the time to its final hero again.
                        const auto wait_done = [&] {
                            const quint64 g = w.session()->generation();
                            for (;;) {
                                const SnapshotPtr now = w.dashboard()->shown();
                                if (now && now->done && now->generation == g) return now;
                                QCoreApplication::processEvents(QEventLoop::AllEvents, 2);
                            }
                        };
                        slider->setValue(target_index > slider->minimum() ? target_index - 1 : target_index + 1);
                        wait_done();
                        QElapsedTimer t;
                        t.start();
                        slider->setValue(target_index);
                        const SnapshotPtr back = wait_done();
                        std::printf("  back to it after one notch away: final hero in %lld ms (%s)\n",
                                    static_cast<long long>(t.elapsed()),
                                    back->reused ? "the kept result shown again" : "run again");
                    }
                    app.exit(0);
                });
            });
        });
        step->start(2);
    });
    // Long enough for 16 flows at 1 Gbit/s over the default 40 s on a busy machine.
    QTimer::singleShot(600000, [&] {
        std::fprintf(stderr, "ui_bench: timed out\n");
        app.exit(1);
    });
    return app.exec();
}
