// Asks what to export as an image: the whole dashboard as a figure (its
// size — 1280×720, 1920×1080, 3840×2160 or a custom one — and the
// presentation look) or one panel as it is on screen; PNG at 1× or 2× or
// SVG. The file name is asked next, by the window.
#pragma once

#include <QDialog>

#include "ui/export/figure_layout.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace inflight::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    // `presenting`: the window is in presentation mode (the look's default).
    explicit ExportDialog(QWidget* parent = nullptr, bool presenting = false);
    int target() const;    // -1: dashboard, else a Dashboard::Panel index
    bool svg() const;
    double scale() const;  // PNG only
    // The dashboard's figure: figureSize(), the look and the PNG scale.
    FigureOptions figure() const;
    QSize figureSize() const;
    bool presentation() const;

    // The size presets, in the order of the list ("Custom" follows them).
    static QList<QSize> presets();
    void setFigureSize(QSize size);  // a preset, else Custom with these numbers

private:
    void syncEnabled();

    QComboBox* target_;
    QComboBox* format_;
    QComboBox* size_;
    QSpinBox* width_;
    QSpinBox* height_;
    QCheckBox* presentation_;
};

}  // namespace inflight::ui
