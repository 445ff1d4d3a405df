// Group-box frames as lines for SVG (svg_frames.h).
#include "ui/export/svg_frames.h"

#include <QApplication>
#include <QGroupBox>
#include <QHeaderView>
#include <QPainter>
#include <QStyleOption>
#include <algorithm>

#include "ui/panels/app_style.h"

namespace inflight::ui {

namespace {

// Fusion's space above a group box's frame, past its title line
// (qfusionstyle.cpp: groupBoxTopMargin).
constexpr int kFusionGroupBoxTopMargin = 3;

// The window's own style (check boxes as on screen), group boxes as lines.
class LineFrameStyle : public AppStyle {
public:

    void drawPrimitive(PrimitiveElement pe, const QStyleOption* opt, QPainter* p, const QWidget* w) const override {
        if (pe != PE_FrameGroupBox) {
            AppStyle::drawPrimitive(pe, opt, p, w);
            return;
        }
        // Where Fusion puts its picture: under the title's line.
        const auto* box = qobject_cast<const QGroupBox*>(w);
        const bool titled = !box || box->isCheckable() || !box->title().isEmpty();
        const int title_h =
            titled ? std::max(baseStyle()->pixelMetric(PM_ExclusiveIndicatorHeight, opt, w), opt->fontMetrics.height()) : 0;
        const QRectF frame = QRectF(opt->rect.adjusted(0, title_h + kFusionGroupBoxTopMargin, 0, 0))
                                 .adjusted(0.5, 0.5, -0.5, -0.5);
        p->save();
        p->setRenderHint(QPainter::Antialiasing);
        p->setBrush(Qt::NoBrush);
        p->setPen(QPen(opt->palette.color(QPalette::Window).darker(140), 1));  // Fusion's outline colour
        p->drawRoundedRect(frame, 2, 2);
        p->restore();
    }

    void drawControl(ControlElement ce, const QStyleOption* opt, QPainter* p, const QWidget* w) const override {
        if (ce != CE_HeaderSection) {
            AppStyle::drawControl(ce, opt, p, w);
            return;
        }
        // A table header's section (Fusion: a cached gradient picture): its
        // button colour and a line on its right and bottom.
        const QRect r = opt->rect;
        p->save();
        p->fillRect(r, opt->palette.color(QPalette::Button));
        p->setPen(QPen(opt->palette.color(QPalette::Window).darker(140), 1));
        p->drawLine(r.topRight(), r.bottomRight());
        p->drawLine(r.bottomLeft(), r.bottomRight());
        p->restore();
    }
};

}  // namespace

VectorFrames::VectorFrames(QWidget* root) {
    QList<QWidget*> boxes;
    for (QWidget* w : root->findChildren<QWidget*>())
        if (qobject_cast<QGroupBox*>(w) || qobject_cast<QHeaderView*>(w)) boxes << w;
    if (qobject_cast<QGroupBox*>(root)) boxes << root;
    if (boxes.isEmpty()) return;
    style_ = std::make_unique<LineFrameStyle>();
    for (QWidget* b : boxes) {
        if (b->testAttribute(Qt::WA_SetStyle)) continue;  // a style of its own: left alone
        boxes_.emplace_back(b);
        b->setStyle(style_.get());
    }
}

VectorFrames::~VectorFrames() {
    for (const QPointer<QWidget>& b : boxes_)
        if (b) b->setStyle(nullptr);
}

}  // namespace inflight::ui
