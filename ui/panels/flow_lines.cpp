#include "ui/panels/flow_lines.h"

#include <QCoreApplication>
#include <QScatterSeries>
#include <QXYSeries>

#include "model/core/flow_spec.h"
#include "ui/panels/chart_key.h"
#include "ui/panels/flow_palette.h"

namespace inflight::ui {

namespace {
QString tr(const char* s) { return QCoreApplication::translate("FlowLines", s); }
}  // namespace

std::vector<ShownFlow> shown_flows(const RunResult& r) {
    std::vector<ShownFlow> out;
    const std::size_t n = r.flows.size();
    if (n < 2) return out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const ResolvedFlow& f = r.flows[i].flow;
        ShownFlow s;
        s.index = static_cast<int>(i);
        s.kind = f.kind;
        s.label = QString::fromStdString(f.label);
        s.label_given = f.label_given;
        s.rtt_s = f.rtt_s;
        s.result = &r.flows[i];
        out.push_back(std::move(s));
    }
    return out;
}

QString pen_style_name(Qt::PenStyle s) {
    switch (s) {
    case Qt::DashLine: return tr("dashed");
    case Qt::DotLine: return tr("dotted");
    case Qt::DashDotLine: return tr("dash-dot");
    case Qt::DashDotDotLine: return tr("dash-dot-dot");
    default: return tr("solid");
    }
}

QString key_short_name(const ShownFlow& f) {
    // The names the normal look's key shows ("bulk", "web") are the ones a
    // crowded key keeps, so both looks name a flow alike; the model's own
    // long name ("flow 2 (cubic)") gives its number, and a long label of the
    // user's its first letters ("write-w…": a number beside "nodelay" read
    // as "cwnd: 1"). If the longer name costs the key a line, the
    // presentation type steps down for it (type_steps.h).
    constexpr int kShortNameChars = 8;
    if (f.label.size() <= kShortNameChars) return f.label;
    if (f.label_given) return f.label.left(kShortNameChars - 1).trimmed() + QStringLiteral("…");
    return QString::number(f.index + 1);
}

void style_flow_series(QXYSeries* s, const ShownFlow& f, const QString& group, const ChartStyle& style,
                       double width) {
    const bool dark = is_dark_palette();
    const QPen pen = flow_pen(f.index, style, width, dark);
    QString tip;
    if (auto* sc = qobject_cast<QScatterSeries*>(s)) {
        // Past the seven colours a colour comes round again: the dots then
        // differ in shape (a dot has no line style to carry it).
        const int round = f.index / kFlowColourCount;
        sc->setMarkerShape(round == 0   ? QScatterSeries::MarkerShapeCircle
                           : round == 1 ? QScatterSeries::MarkerShapeRectangle
                                        : QScatterSeries::MarkerShapeTriangle);
        sc->setMarkerSize(pen.widthF() * 2);
        sc->setColor(pen.color());
        sc->setBorderColor(pen.color());
        const char* shape = round == 0 ? "dots" : round == 1 ? "squares" : "triangles";
        tip = tr("%1: %2 — %3 %4").arg(f.label, group, flow_colour_name(f.index), tr(shape));
    } else {
        s->setPen(pen);
        tip = tr("%1: %2 — %3, %4 line").arg(f.label, group, flow_colour_name(f.index), pen_style_name(pen.style()));
    }
    s->setName(f.label);
    tag_flow_series(s, f.index, group, key_short_name(f), tip);
}

}  // namespace inflight::ui
