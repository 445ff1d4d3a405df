// The built-in experiments' words, read as a student reads them: what a
// step says agrees with TCP, with the step's own settings and with its
// check, and the guide never parts a number from its unit. Lints over
// every experiment's text; the expected facts come from the RFCs and from
// the steps' own settings, not from the code.
#include <QLabel>
#include <QRegularExpression>
#include <QTextBoundaryFinder>
#include <QTextDocument>
#include <QString>
#include <QStringList>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "model/core/parameters.h"
#include "model/core/units.h"
#include "model/engine/run.h"
#include "app/formats/event_text.h"
#include "ui/lesson/experiment_file.h"
#include "ui/teaching/experiment_panel.h"
#include "unbroken_values.h"

using namespace inflight;
using namespace inflight::ui;
using inflight::ui::test::parted_values;
using inflight::ui::test::shown_text;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const std::vector<Experiment>& builtins() {
    static const ExperimentSet set = load_all_experiments(QString());
    return set.experiments;
}

// Every text of an experiment a student reads, each with where it is.
std::vector<std::pair<std::string, QString>> texts_of(const Experiment& e) {
    std::vector<std::pair<std::string, QString>> out{{e.id + " title", q(e.title)}, {e.id + " intro", q(e.intro)}};
    for (std::size_t i = 0; i < e.steps.size(); ++i) {
        const Step& s = e.steps[i];
        const std::string at = e.id + " step " + std::to_string(i + 1) + " ";
        out.emplace_back(at + "title", q(s.title));
        out.emplace_back(at + "set", q(s.set_text));
        out.emplace_back(at + "do", q(s.todo));
        out.emplace_back(at + "watch", q(s.watch));
        out.emplace_back(at + "why", q(s.why));
        out.emplace_back(at + "check", q(s.check.text));
    }
    return out;
}

}  // namespace

// CUBIC's multiplicative decrease is β = 0.7 (RFC 9438 §4.6; Linux's
// tcp_cubic.c, beta 717/1024): a loss takes 30% off the window. Halving is
// Reno's rule. No clause that names CUBIC may say it halves.
TEST(ExperimentWords, CubicIsNeverSaidToHalveItsWindow) {
    ASSERT_FALSE(builtins().empty());
    // CUBIC and a word of halving in one clause (no . ; : between them).
    const QRegularExpression halves(
        QStringLiteral("CUBIC[^.;:]{0,60}\\b(halv\\w*|in half|by half|by 50 ?%)|\\b(halv\\w*)[^.;:]{0,60}CUBIC"),
        QRegularExpression::CaseInsensitiveOption);
    for (const Experiment& e : builtins())
        for (const auto& [where, text] : texts_of(e)) {
            const QRegularExpressionMatch m = halves.match(text);
            EXPECT_FALSE(m.hasMatch()) << where << ": “" << m.captured().toStdString() << "”";
        }
}

// A sweep step's Do names the values to drag the swept parameter to; the
// check's range must hold every one, or a student who does what the Do says
// is told the value is "outside the step's range".
TEST(ExperimentWords, ASweepStepsDoAsksForNoValueOutsideItsCheck) {
    // A number and a unit of the swept parameter's kind.
    const auto pattern = [](Param p) -> QString {
        switch (p) {
        case Param::Bandwidth: return QStringLiteral("\\d[\\d,.]*\\s?[kMG]?bit/s");
        case Param::Rtt:
        case Param::Buffer:
        case Param::Duration: return QStringLiteral("\\d[\\d,.]*\\s?(ms|µs|s)(?![\\w/])");
        case Param::Loss: return QStringLiteral("\\d[\\d,.]*\\s?%");
        default: return QStringLiteral("\\d[\\d,.]*\\s?(B|KB|MB|GB|KiB|MiB|GiB)(?!\\w)");
        }
    };
    int sweeps = 0;
    for (const Experiment& e : builtins())
        for (std::size_t i = 0; i < e.steps.size(); ++i) {
            const Step& s = e.steps[i];
            if (!s.check.across) continue;
            ++sweeps;
            const Across& a = *s.check.across;
            const QRegularExpression value(pattern(a.param));
            int named = 0;
            for (auto it = value.globalMatch(q(s.todo)); it.hasNext();) {
                const std::string text = it.next().captured().toStdString();
                const Parsed<double> v = parse_param_number(a.param, text, key(a.param));
                ASSERT_TRUE(v.ok()) << v.error;
                ++named;
                // Within the check's range (the 5% a sweep's ends allow aside).
                EXPECT_GE(v.value, a.from / 1.05) << e.id << " step " << i + 1 << ": “" << text << "” in “" << s.todo
                                                  << "”";
                EXPECT_LE(v.value, a.to * 1.05) << e.id << " step " << i + 1 << ": “" << text << "” in “" << s.todo
                                                << "”";
            }
            EXPECT_GE(named, 2) << e.id << " step " << i + 1 << ": the Do names no range to drag over: " << s.todo;
        }
    EXPECT_GE(sweeps, 5);
}

// A Do opens with what the student does: not "Then …" with nothing before.
TEST(ExperimentWords, NoDoOpensWithThen) {
    for (const Experiment& e : builtins())
        for (std::size_t i = 0; i < e.steps.size(); ++i)
            EXPECT_FALSE(q(e.steps[i].todo).startsWith(QLatin1String("Then"), Qt::CaseInsensitive))
                << e.id << " step " << i + 1 << ": " << e.steps[i].todo;
}

// A Do never asks to tick a box the step's Set already ticks: after Set it
// there is nothing to tick, and the student hunts for what changed.
TEST(ExperimentWords, NoDoTicksABoxItsSetAlreadyTicks) {
    const std::vector<std::pair<QString, Param>> boxes{{QStringLiteral("ECN"), Param::Ecn},
                                                       {QStringLiteral("Pacing"), Param::Pacing}};
    for (const Experiment& e : builtins())
        for (std::size_t i = 0; i < e.steps.size(); ++i) {
            const Step& s = e.steps[i];
            if (!s.has_settings) continue;
            for (const auto& [box, p] : boxes) {
                const QRegularExpression tick(QStringLiteral("\\b(tick|turn on|switch on)\\s+%1\\b").arg(box),
                                              QRegularExpression::CaseInsensitiveOption);
                if (!tick.match(q(s.todo)).hasMatch()) continue;
                EXPECT_FALSE(is_on(s.settings, p))
                    << e.id << " step " << i + 1 << ": its Set already ticks " << box.toStdString() << "; Do: " << s.todo;
            }
        }
}

// A Watch that quotes the window's words for the binding limit (“limited by
// the send buffer”) finds them in the event log too: the log's line for
// the step's run names the limit the way the hero and the Watch do.
TEST(ExperimentWords, ALimitAWatchQuotesIsNamedSoInTheEventLog) {
    const QRegularExpression quoted(QStringLiteral("“(limited by [^”]+)”"));
    int quotes = 0;
    for (const Experiment& e : builtins())
        for (std::size_t i = 0; i < e.steps.size(); ++i) {
            const Step& s = e.steps[i];
            const QRegularExpressionMatch m = quoted.match(q(s.watch));
            if (!m.hasMatch() || !s.has_settings) continue;
            ++quotes;
            const RunResult r = run_scenario(s.settings);
            QStringList limit_lines;
            for (const Event& ev : r.events)
                if (ev.kind == EventKind::LimitChange) limit_lines << event_text(ev);
            const bool named = std::any_of(limit_lines.begin(), limit_lines.end(),
                                           [&](const QString& l) { return l.contains(m.captured(1)); });
            EXPECT_TRUE(named) << e.id << " step " << i + 1 << ": the Watch quotes “" << m.captured(1).toStdString()
                               << "”; the log's limit lines: " << limit_lines.join(" | ").toStdString();
        }
    EXPECT_GE(quotes, 2);  // experiment 2: rwnd, then the send buffer
}

// Wherever the guide shows an experiment's words (the title, the
// introduction, the step's title, Set, Set it changes, Do, Watch, Why, the
// check and what the runs measured), a number and its unit never part at a
// line's end: no line break opportunity between "6.5" and "Mbit/s", nor
// after the unit's slash ("6.5 Mbit/" over "s" in experiment 6's first
// step title), nor between "120" and "s". Read from the panel's labels as
// Qt lays them out: the rich text as its document holds it, the breaks as
// Qt's line breaker finds them.
TEST(GuideText, ANumberAndItsUnitNeverPartAtALinesEnd) {
    ExperimentPanel panel;
    panel.setExperiments(builtins(), {});
    int values = 0;
    const Scenario elsewhere = [] {  // controls away from every step: "Set it changes" lists values
        Scenario s;
        s.duration_s = 120;
        s.buffer_s = 0.1;
        s.bandwidth_bps = 24e6;
        return s;
    }();
    for (int e = 0; e < static_cast<int>(builtins().size()); ++e) {
        panel.setExperiment(e, 0);
        for (int i = 0; i < static_cast<int>(builtins()[static_cast<std::size_t>(e)].steps.size()); ++i) {
            panel.setStep(i, 0);
            panel.setCurrent(elsewhere);
            for (const QLabel* l : panel.findChildren<QLabel*>()) {
                const QString text = shown_text(l);
                const QStringList parted = parted_values(text, &values);
                EXPECT_TRUE(parted.isEmpty()) << builtins()[static_cast<std::size_t>(e)].id << " step " << i + 1
                                              << ": a line may break inside " << parted.join(", ").toStdString()
                                              << " in “" << text.toStdString() << "”";
            }
        }
    }
    EXPECT_GT(values, 100);
}
