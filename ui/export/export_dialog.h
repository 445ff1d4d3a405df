// Asks what to export as an image: the whole dashboard or one panel, PNG at
// 1× or 2× or SVG. The file name is asked next, by the window.
#pragma once

#include <QDialog>

class QComboBox;

namespace inflight::ui {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExportDialog(QWidget* parent = nullptr);
    int target() const;    // -1: dashboard, else a Dashboard::Panel index
    bool svg() const;
    double scale() const;  // PNG only

private:
    QComboBox* target_;
    QComboBox* format_;
};

}  // namespace inflight::ui
