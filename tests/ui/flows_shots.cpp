// Screenshots of several flows for the README, at 1280×720 in the
// normal and the presentation look: each flow preset of the controls, and
// the last step of each guided experiment over flows (the ones whose steps
// set flows), with the step's settings applied and its run finished; then
// compare with a pinned CUBIC vs BBR run (the buffer changed from 4 BDP to
// 1), and sixteen flows (every flow's colour and fill in the share bars,
// the flow list and the event log).
// Run it under Xvfb (or QT_QPA_PLATFORM=offscreen): flows_shots OUTDIR
#include <QPushButton>
#include <QTest>

#include <QRegularExpression>

#include "ui/compare/compare_controller.h"
#include "ui/lesson/flow_presets.h"
#include "shots_harness.h"
#include "ui/teaching/experiment_panel.h"
#include "tools_helpers.h"

using namespace inflight;
using namespace inflight::ui;
using namespace inflight::ui::test;

namespace {
QString slug(const char* name) {
    QString s = QString::fromUtf8(name).toLower();
    s.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    return s;
}

bool sets_flows(const Experiment& e) {
    for (const Step& st : e.steps)
        if (st.has_settings && st.settings.flows.size() > 1) return true;
    return false;
}
}  // namespace

int main(int argc, char** argv) {
    ShotHarness shots(argc, argv);
    MainWindow& w = shots.window();
    wait_settled(w);
    for (bool presentation : {false, true}) {
        w.setPresentation(presentation);
        w.showNormal();
        w.resize(1280, 720);
        QTest::qWait(300);
        const QString look = presentation ? QStringLiteral("-presentation") : QString();
        for (FlowPreset p : kAllFlowPresets) {
            if (p == FlowPreset::OneFlow) continue;
            emit w.guide()->applyScenario(apply_preset(p, Scenario{}));
            wait_settled(w, 120000);
            shots.save(&w, "flows-" + slug(preset_name(p)) + look + ".png");
        }
        const std::vector<Experiment>& all = w.guide()->experiments();
        for (int i = 0; i < static_cast<int>(all.size()); ++i) {
            if (!sets_flows(all[static_cast<std::size_t>(i)])) continue;
            w.openExperiment(i);
            w.goToStep(static_cast<int>(all[static_cast<std::size_t>(i)].steps.size()) - 1);
            w.guide()->setButton()->click();
            wait_settled(w, 120000);
            shots.save(&w, QStringLiteral("guide-%1-last-step%2.png").arg(i + 1).arg(look));
            w.guide()->parentWidget()->hide();
        }
        // Compare: CUBIC vs BBR on its 4 BDP buffer pinned, then 1 BDP.
        Scenario s = apply_preset(FlowPreset::CubicVsBbr, Scenario{});
        s.duration_s = 60;
        emit w.guide()->applyScenario(s);
        wait_settled(w, 120000);
        CompareController* compare = tools_of(w)->compare();
        compare->pin();
        s.buffer_s = s.rtt_s;  // 1 BDP
        emit w.guide()->applyScenario(s);
        wait_settled(w, 120000);
        shots.save(&w, "flows-compare-cubic-vs-bbr" + look + ".png");
        compare->unpin();
        // Sixteen CUBIC flows.
        Scenario sixteen;
        sixteen.duration_s = 20;
        sixteen.loss = 1e-4;
        FlowSpec cubic;
        cubic.algorithm = Algorithm::Cubic;
        sixteen.flows.assign(16, cubic);
        emit w.guide()->applyScenario(sixteen);
        wait_settled(w, 120000);
        shots.save(&w, "flows-sixteen-flows" + look + ".png");
    }
    return 0;
}
