// Screenshots of the hero and the throughput panel with several flows
// at 1280×720, normal and presentation: CUBIC vs BBR, bulk +
// ping + web pages, and eight and sixteen CUBIC flows. The runs are the
// model's own (run_scenario), shown on the window's dashboard.
// Run it under Xvfb (or QT_QPA_PLATFORM=offscreen): flow_hero_shots OUTDIR
#include <QTest>

#include "model/engine/run.h"
#include "shots_harness.h"
#include "finished_run.h"
#include "test_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {
FlowSpec tcp(Algorithm a) {
    FlowSpec f;
    f.algorithm = a;
    return f;
}
}  // namespace

int main(int argc, char** argv) {
    ShotHarness shots(argc, argv);
    MainWindow& w = shots.window();
    wait_settled(w);
    const auto show = [&](const Scenario& s) {
        const SnapshotPtr snap = finished_snapshot(s, w.session()->generation());
        w.dashboard()->showNow(snap);
        QTest::qWait(200);
        w.dashboard()->showNow(snap);
    };

    Scenario duel;  // CUBIC vs BBR, 1 BDP
    duel.bandwidth_bps = 50e6;
    duel.rtt_s = 0.040;
    duel.buffer_s = 0.040;
    duel.duration_s = 60;
    duel.flows = {tcp(Algorithm::Cubic), tcp(Algorithm::Bbr)};

    Scenario others;  // the latency others pay: bulk + ping + web behind 200 ms
    others.bandwidth_bps = 50e6;
    others.rtt_s = 0.020;
    others.buffer_s = 0.200;
    others.duration_s = 40;
    FlowSpec web = tcp(Algorithm::Cubic);
    web.size_bytes = 100'000;
    web.every_s = 2;
    web.start_s = 1;
    web.label = "web";
    FlowSpec ping;
    ping.kind = FlowKind::Ping;
    ping.label = "video call";
    others.flows = {tcp(Algorithm::Cubic), ping, web};

    Scenario eight;
    eight.rwnd_bytes = 65535;
    eight.duration_s = 20;
    eight.flows.assign(8, tcp(Algorithm::Cubic));
    Scenario sixteen = eight;
    sixteen.flows.assign(16, tcp(Algorithm::Cubic));
    sixteen.flows[3].algorithm = Algorithm::Bbr;

    for (bool presentation : {false, true}) {
        if (presentation) {
            w.setPresentation(true);
            w.showNormal();
            w.resize(1280, 720);
            QTest::qWait(300);
        }
        const QString p = presentation ? QStringLiteral("presentation-") : QString();
        show(duel);
        shots.save(&w, p + "flows-cubic-vs-bbr.png");
        show(others);
        shots.save(&w, p + "flows-bulk-ping-web.png");
        show(eight);
        shots.save(&w, p + "flows-eight.png");
        show(sixteen);
        shots.save(&w, p + "flows-sixteen.png");
    }
    return 0;
}
