// The window's style: Qt's Fusion, with the edge of a check box or a radio
// button drawn where a user can see it in every look.
//   Fusion draws that edge in the window colour darkened by 40–50%: on the
//   dark look's near-black window an unchecked box ("ECN", "Pacing", the
//   sweep's algorithms, its share / throughput choice) was a square 1.1:1
//   against its background, invisible on a projector. Here the edge is
//   drawn again, half way between the window's colour and its text's: 4:1
//   or more against the window in the light, dark and presentation looks,
//   above the 3:1 that WCAG 2.1 (success criterion 1.4.11, non-text
//   contrast) asks of a control's boundary. A box that has the keyboard's
//   focus keeps Fusion's highlight; a disabled one takes the disabled text
//   colour, as its label does.
#pragma once

#include <QColor>
#include <QPalette>
#include <QProxyStyle>

namespace inflight::ui {

// The edge colour of a check box or radio button for this palette and state.
QColor indicator_edge_color(const QPalette& palette);

class AppStyle : public QProxyStyle {
public:
    AppStyle();
    void drawPrimitive(PrimitiveElement pe, const QStyleOption* opt, QPainter* p,
                       const QWidget* w = nullptr) const override;
};

}  // namespace inflight::ui
