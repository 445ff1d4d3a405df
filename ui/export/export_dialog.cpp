#include "ui/export/export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>

namespace inflight::ui {

QList<QSize> ExportDialog::presets() { return {QSize(1280, 720), QSize(1920, 1080), QSize(3840, 2160)}; }

ExportDialog::ExportDialog(QWidget* parent, bool presenting) : QDialog(parent) {
    setWindowTitle(tr("Export image"));
    target_ = new QComboBox(this);
    target_->addItem(tr("Whole dashboard (figure)"), -1);
    target_->addItem(tr("Window vs the pipe"), 0);
    target_->addItem(tr("Round-trip time"), 1);
    target_->addItem(tr("Throughput"), 2);
    target_->addItem(tr("Event log"), 3);
    format_ = new QComboBox(this);
    format_->addItem(tr("PNG, 1×"));
    format_->addItem(tr("PNG, 2× (sharper, twice the pixels)"));
    format_->addItem(tr("SVG (vector)"));
    format_->setCurrentIndex(0);

    size_ = new QComboBox(this);
    size_->addItem(tr("1280 × 720 (HD)"));
    size_->addItem(tr("1920 × 1080 (Full HD slide)"));
    size_->addItem(tr("3840 × 2160 (4K)"));
    size_->addItem(tr("Custom"));
    width_ = new QSpinBox(this);
    width_->setRange(kMinFigureSize.width(), kMaxFigureSize.width());
    width_->setSuffix(tr(" px"));
    height_ = new QSpinBox(this);
    height_->setRange(kMinFigureSize.height(), kMaxFigureSize.height());
    height_->setSuffix(tr(" px"));
    width_->setAccessibleName(tr("Figure width"));
    height_->setAccessibleName(tr("Figure height"));
    auto* custom = new QHBoxLayout;
    custom->addWidget(width_);
    custom->addWidget(new QLabel(QStringLiteral("×"), this));
    custom->addWidget(height_);
    presentation_ = new QCheckBox(tr("&Presentation look (Okabe–Ito colours, thick lines, larger type)"), this);
    presentation_->setChecked(presenting);
    setFigureSize(QSize(1920, 1080));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&What"), target_);
    form->addRow(tr("&Format"), format_);
    form->addRow(tr("&Size"), size_);
    form->addRow(QString(), custom);
    form->addRow(QString(), presentation_);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(size_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0 && i < presets().size()) {
            width_->setValue(presets()[i].width());
            height_->setValue(presets()[i].height());
        }
        syncEnabled();
    });
    connect(target_, &QComboBox::currentIndexChanged, this, &ExportDialog::syncEnabled);
    syncEnabled();
}

void ExportDialog::setFigureSize(QSize size) {
    const int preset = static_cast<int>(presets().indexOf(size));
    size_->setCurrentIndex(preset >= 0 ? preset : static_cast<int>(presets().size()));
    width_->setValue(size.width());
    height_->setValue(size.height());
    syncEnabled();
}

void ExportDialog::syncEnabled() {
    // A panel is exported as it is on screen; the size and look are the figure's.
    const bool figure = target() < 0;
    size_->setEnabled(figure);
    presentation_->setEnabled(figure);
    const bool custom = figure && size_->currentIndex() == presets().size();
    width_->setEnabled(custom);
    height_->setEnabled(custom);
}

int ExportDialog::target() const { return target_->currentData().toInt(); }
bool ExportDialog::svg() const { return format_->currentIndex() == 2; }
double ExportDialog::scale() const { return format_->currentIndex() == 1 ? 2.0 : 1.0; }
QSize ExportDialog::figureSize() const { return QSize(width_->value(), height_->value()); }
bool ExportDialog::presentation() const { return presentation_->isChecked(); }

FigureOptions ExportDialog::figure() const {
    FigureOptions o;
    o.size = figureSize();
    o.presentation = presentation();
    o.scale = svg() ? 1.0 : scale();
    return o;
}

}  // namespace inflight::ui
