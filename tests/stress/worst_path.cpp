#include "worst_path.h"

#include <sys/resource.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <cstdio>
#include <fstream>
#include <string>

#include "ui/session/run_worker.h"

namespace inflight::stress {

Scenario worst_path() {
    Scenario s;
    s.bandwidth_bps = Limits::max_bandwidth_bps_app;
    s.rtt_s = Limits::max_rtt_s;
    s.buffer_s = Limits::max_buffer_s;
    s.duration_s = 40;
    return s;
}

namespace {

long vm_hwm_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
    return -1;
}

}  // namespace

int worst_path_child(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    ui::RunController controller;
    ui::SnapshotPtr newest;  // what the window keeps on screen
    bool done = false;
    QElapsedTimer wall;
    QObject::connect(&controller, &ui::RunController::snapshotReady, [&](const ui::SnapshotPtr& s) {
        newest = s;
        if (s->done) {
            done = true;
            app.quit();
        }
    });
    QObject::connect(&controller, &ui::RunController::runFailed, [&](const QString& msg) {
        std::fprintf(stderr, "worst-path run failed: %s\n", qPrintable(msg));
        app.exit(1);
    });
    QTimer::singleShot(600'000, &app, [&] {
        std::fprintf(stderr, "worst-path run did not finish in 600 s\n");
        app.exit(1);
    });
    wall.start();
    controller.request(worst_path());
    if (app.exec() != 0 || !done) return 1;
    if (!(newest->result.scenario == worst_path())) {
        std::fprintf(stderr, "worst-path result is for another scenario\n");
        return 1;
    }
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("worst-path done=1 maxrss_kib=%ld vmhwm_kib=%ld packets=%llu wall_s=%.1f\n",
                usage.ru_maxrss, vm_hwm_kib(),
                static_cast<unsigned long long>(newest->result.summary.packets_simulated),
                wall.elapsed() / 1000.0);
    std::fflush(stdout);
    return 0;
}

}  // namespace inflight::stress
