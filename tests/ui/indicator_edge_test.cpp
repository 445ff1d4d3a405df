// An unchecked check box or radio button must be seen in every look: its
// edge against the window's colour at 3:1 or more, the contrast WCAG 2.1
// (success criterion 1.4.11, non-text contrast) asks of a control's
// boundary. Contrast is (L1 + 0.05) / (L2 + 0.05) of the relative
// luminances (WCAG 2.1's definition), read from the widget as drawn.
#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QRadioButton>
#include <QStyle>
#include <QStyleOptionButton>
#include <QVBoxLayout>
#include <QWidget>
#include <cmath>
#include <gtest/gtest.h>

#include "ui/shell/themes.h"

using namespace inflight::ui;

namespace {

double relative_luminance(QColor c) {
    const auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

double contrast(QColor a, QColor b) {
    const double la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The strongest contrast against `background` of any pixel of the indicator.
double indicator_contrast(QAbstractButton* b, QStyle::SubElement indicator, QColor background) {
    QStyleOptionButton opt;
    opt.initFrom(b);
    const QRect r = b->style()->subElementRect(indicator, &opt, b);
    const QImage img = b->grab().toImage();
    double best = 1;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x)
            if (img.rect().contains(x, y)) best = std::max(best, contrast(img.pixelColor(x, y), background));
    return best;
}

void expect_visible_indicators(const char* look) {
    QWidget host;
    host.setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(&host);
    auto* box = new QCheckBox(QStringLiteral("ECN"));
    auto* radio = new QRadioButton(QStringLiteral("share"));
    layout->addWidget(box);
    layout->addWidget(radio);
    host.resize(200, 80);
    host.ensurePolished();
    layout->activate();
    const QColor window = host.palette().color(QPalette::Window);
    EXPECT_GE(indicator_contrast(box, QStyle::SE_CheckBoxIndicator, window), 3.0) << look << ": check box";
    EXPECT_GE(indicator_contrast(radio, QStyle::SE_RadioButtonIndicator, window), 3.0) << look << ": radio button";
}

}  // namespace

TEST(IndicatorEdges, AnUncheckedBoxStandsOutFromTheWindowInEveryLook) {
    apply_theme(Theme::Light);
    expect_visible_indicators("light");
    apply_theme(Theme::Dark);
    expect_visible_indicators("dark");
    apply_presentation_palette();
    expect_visible_indicators("presentation");
    apply_theme(Theme::Light);
}
