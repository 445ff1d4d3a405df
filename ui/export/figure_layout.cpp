// The figure's numbers and its caption (figure_layout.h).
#include "ui/export/figure_layout.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cmath>

#include "model/core/parameters.h"
#include "model/core/units.h"

namespace inflight::ui {
namespace {

// The layout's reference size: up to it a figure is laid out at its own
// size, above it drawn at a higher pixel ratio.
constexpr double kReferenceWidth = 1920, kReferenceHeight = 1080;
// Body text at the reference size, and the smallest it gets; smaller
// figures shrink it with the square root of their size (a 1280×720 figure
// is read from closer than a 1920×1080 slide, not from further away).
constexpr double kBodyPx = 15, kPresentationBodyPx = 20;
constexpr int kMinBodyPx = 11, kMinPresentationBodyPx = 12;

QString q(const std::string& s) { return QString::fromStdString(s); }

QString tr(const char* text) { return QCoreApplication::translate("FigureCaption", text); }

QString algorithm_name(Algorithm a) {
    switch (a) {
    case Algorithm::Reno: return QStringLiteral("Reno");
    case Algorithm::Cubic: return QStringLiteral("CUBIC");
    case Algorithm::Bbr: return QStringLiteral("BBR");
    }
    return QStringLiteral("?");
}

// "CUBIC"; with flows "CUBIC + BBR + ping", or "12 flows: CUBIC, BBR".
QString flows_text(const Scenario& s) {
    if (s.flows.empty()) return algorithm_name(s.algorithm);
    QStringList each, distinct;
    for (const FlowSpec& f : s.flows) {
        const QString name = f.kind == FlowKind::Ping ? tr("ping") : algorithm_name(f.algorithm.value_or(s.algorithm));
        each << name;
        if (!distinct.contains(name)) distinct << name;
    }
    if (each.size() <= 4) return each.join(QStringLiteral(" + "));
    return tr("%1 flows: %2").arg(each.size()).arg(distinct.join(QStringLiteral(", ")));
}

}  // namespace

QString figure_size_range_text() {
    return QStringLiteral("%1x%2 – %3x%4")
        .arg(kMinFigureSize.width())
        .arg(kMinFigureSize.height())
        .arg(kMaxFigureSize.width())
        .arg(kMaxFigureSize.height());
}

bool figure_size_allowed(QSize size) {
    return size.width() >= kMinFigureSize.width() && size.height() >= kMinFigureSize.height() &&
           size.width() <= kMaxFigureSize.width() && size.height() <= kMaxFigureSize.height();
}

FigureGeometry figure_geometry(QSize size, bool presentation) {
    const double w = std::max(1, size.width()), h = std::max(1, size.height());
    const double ratio = std::max(1.0, std::min(w / kReferenceWidth, h / kReferenceHeight));
    FigureGeometry g;
    g.logical = QSize(static_cast<int>(std::ceil(w / ratio - 1e-9)), static_cast<int>(std::ceil(h / ratio - 1e-9)));
    g.pixel_ratio = ratio;
    const double fraction = std::min(1.0, std::min(g.logical.width() / kReferenceWidth,
                                                   g.logical.height() / kReferenceHeight));
    const double body = (presentation ? kPresentationBodyPx : kBodyPx) * std::sqrt(fraction);
    g.body_px = std::max(presentation ? kMinPresentationBodyPx : kMinBodyPx, static_cast<int>(std::lround(body)));
    g.one_column = w < h;
    return g;
}

QString figure_caption(const Scenario& s) {
    QStringList parts;
    parts << flows_text(s) << q(format_rate(s.bandwidth_bps)) << tr("RTT %1").arg(q(format_time(s.rtt_s)));
    if (s.loss > 0) {
        const QString pattern = s.loss_pattern == LossPattern::Even ? tr("even")
                                                                    : tr("random, seed %1").arg(s.seed);
        parts << tr("loss %1 (%2)").arg(q(format_loss(s.loss)), pattern);
    } else {
        parts << tr("no loss");
    }
    QString buffer = tr("buffer %1").arg(q(format_time(s.buffer_s)));
    if (s.aqm == Aqm::Codel) buffer += is_on(s, Param::Ecn) ? tr(", CoDel with ECN") : tr(", CoDel");
    parts << buffer;
    const Scenario defaults;
    if (s.rwnd_bytes != defaults.rwnd_bytes) parts << tr("rwnd %1").arg(q(format_size_short(s.rwnd_bytes)));
    if (s.sndbuf_bytes != defaults.sndbuf_bytes)
        parts << tr("send buffer %1").arg(q(format_size_short(s.sndbuf_bytes)));
    if (s.mss_bytes != defaults.mss_bytes) parts << tr("MSS %1 B").arg(s.mss_bytes);
    if (s.pacing) parts << tr("paced");
    parts << q(format_time(s.duration_s));
    return parts.join(QStringLiteral(" · ")) + QStringLiteral(" — Inflight ") + QStringLiteral(INFLIGHT_VERSION);
}

}  // namespace inflight::ui
