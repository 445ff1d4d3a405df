#include "ui/panels/flow_palette.h"

#include <QApplication>
#include <QCoreApplication>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <array>

namespace inflight::ui {

namespace {
struct Swatch {
    const char* hex;
    const char* name;
};
// Okabe–Ito, in an order that puts the most distinct pairs first (blue vs
// vermillion for "CUBIC vs BBR").
constexpr std::array<Swatch, kFlowColourCount> kSwatches{{
    {"#0072B2", QT_TRANSLATE_NOOP("FlowPalette", "blue")},
    {"#D55E00", QT_TRANSLATE_NOOP("FlowPalette", "vermillion")},
    {"#009E73", QT_TRANSLATE_NOOP("FlowPalette", "bluish green")},
    {"#CC79A7", QT_TRANSLATE_NOOP("FlowPalette", "reddish purple")},
    {"#E69F00", QT_TRANSLATE_NOOP("FlowPalette", "orange")},
    {"#56B4E9", QT_TRANSLATE_NOOP("FlowPalette", "sky blue")},
    {"#000000", QT_TRANSLATE_NOOP("FlowPalette", "black")},
}};
constexpr std::array<Qt::PenStyle, 4> kStyles{Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};

int wrap(int index) { return ((index % kFlowColourCount) + kFlowColourCount) % kFlowColourCount; }
// 0 for the first seven flows, 1 for the next seven, …
int round_of(int index) { return index < 0 ? 0 : index / kFlowColourCount; }

// The pattern's pitch and its marks, in whole pixels and drawn without
// antialiasing (crisp on a 10 px swatch; blended edges would muddy the
// colour): coarse enough to read from the back of a room, fine enough to
// show twice on a swatch.
constexpr int kStripePitchPx = 5, kStripeWidthPx = 2;
constexpr int kDotPitchPx = 4, kDotSidePx = 2;
}  // namespace

QColor flow_colour(int index, bool dark) {
    const Swatch& s = kSwatches[static_cast<std::size_t>(wrap(index))];
    if (dark && QLatin1String(s.hex) == QLatin1String("#000000")) return QColor(0xdd, 0xdd, 0xdd);
    return QColor(QLatin1String(s.hex));
}

Qt::PenStyle flow_pen_style(int index, bool presentation) {
    const int round = round_of(index);
    const int step = presentation ? index : round;
    return kStyles[static_cast<std::size_t>(((step % 4) + 4) % 4)];
}

QPen flow_pen(int index, const ChartStyle& style, double width, bool dark) {
    return style.pen(flow_colour(index, dark && !style.presentation), width, flow_pen_style(index, style.presentation), true);
}

QString flow_colour_name(int index) {
    return QCoreApplication::translate("FlowPalette", kSwatches[static_cast<std::size_t>(wrap(index))].name);
}

FlowFill flow_fill(int index) {
    constexpr std::array<FlowFill, 3> kFills{FlowFill::Plain, FlowFill::Striped, FlowFill::Dotted};
    return kFills[static_cast<std::size_t>(round_of(index) % 3)];
}

QString flow_fill_name(FlowFill f) {
    switch (f) {
        case FlowFill::Plain: return QCoreApplication::translate("FlowPalette", "plain");
        case FlowFill::Striped: return QCoreApplication::translate("FlowPalette", "striped");
        case FlowFill::Dotted: return QCoreApplication::translate("FlowPalette", "dotted");
    }
    return {};
}

void paint_flow_fill(QPainter& p, const QRectF& r, int index, bool dark, const QColor& surface) {
    if (r.isEmpty()) return;
    p.fillRect(r, flow_colour(index, dark));
    const FlowFill fill = flow_fill(index);
    if (fill == FlowFill::Plain) return;
    p.save();
    p.setClipRect(r, Qt::IntersectClip);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QRect px = r.toAlignedRect();
    if (fill == FlowFill::Striped) {  // "/" stripes, anchored to the rectangle
        p.setPen(QPen(surface, kStripeWidthPx, Qt::SolidLine, Qt::FlatCap));
        const int h = px.height();
        for (int x = px.left() - h; x <= px.right(); x += kStripePitchPx)
            p.drawLine(QPoint(x, px.top() + h), QPoint(x + h, px.top()));  // 45°
    } else {  // squares on a grid, every other row offset by half a pitch
        int row = 0;
        for (int y = px.top() + 1; y <= px.bottom(); y += kDotPitchPx, ++row)
            for (int x = px.left() + (row % 2 ? 1 + kDotPitchPx / 2 : 1); x <= px.right(); x += kDotPitchPx)
                p.fillRect(QRect(x, y, kDotSidePx, kDotSidePx), surface);
    }
    p.restore();
}

QBrush flow_brush(int index, bool dark, const QColor& surface) {
    if (flow_fill(index) == FlowFill::Plain) return flow_colour(index, dark);
    // A tile whose side is a multiple of both pitches (and of the stripes'
    // period in y), so the pattern runs on across tiles.
    constexpr int kTilePx = 40;
    static_assert(kTilePx % kStripePitchPx == 0 && kTilePx % (2 * kDotPitchPx) == 0);
    QPixmap tile(kTilePx, kTilePx);
    QPainter p(&tile);
    paint_flow_fill(p, QRectF(0, 0, kTilePx, kTilePx), index, dark, surface);
    p.end();
    return QBrush(tile);
}

QVariant flow_decoration(int index, bool dark) {
    if (flow_fill(index) == FlowFill::Plain) return flow_colour(index, dark);
    constexpr int kSidePx = 12;
    QPixmap pm(kSidePx, kSidePx);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    paint_flow_fill(p, QRectF(0, 0, kSidePx, kSidePx), index, dark, QApplication::palette().color(QPalette::Base));
    p.end();
    return pm;
}

}  // namespace inflight::ui
