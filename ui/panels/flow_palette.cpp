#include "panels/flow_palette.h"

#include <QCoreApplication>
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
}  // namespace

QColor flow_colour(int index, bool dark) {
    const Swatch& s = kSwatches[static_cast<std::size_t>(wrap(index))];
    if (dark && QLatin1String(s.hex) == QLatin1String("#000000")) return QColor(0xdd, 0xdd, 0xdd);
    return QColor(QLatin1String(s.hex));
}

Qt::PenStyle flow_pen_style(int index, bool presentation) {
    const int round = index < 0 ? 0 : index / kFlowColourCount;  // 0 for the first seven
    const int step = presentation ? index : round;
    return kStyles[static_cast<std::size_t>(((step % 4) + 4) % 4)];
}

QPen flow_pen(int index, const ChartStyle& style, double width, bool dark) {
    return style.pen(flow_colour(index, dark && !style.presentation), width, flow_pen_style(index, style.presentation), true);
}

QString flow_colour_name(int index) {
    return QCoreApplication::translate("FlowPalette", kSwatches[static_cast<std::size_t>(wrap(index))].name);
}

}  // namespace inflight::ui
