#include "export/export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>

namespace inflight::ui {

ExportDialog::ExportDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export image"));
    target_ = new QComboBox(this);
    target_->addItem(tr("Whole dashboard"), -1);
    target_->addItem(tr("Window vs the pipe"), 0);
    target_->addItem(tr("Round-trip time"), 1);
    target_->addItem(tr("Throughput"), 2);
    target_->addItem(tr("Event log"), 3);
    format_ = new QComboBox(this);
    format_->addItem(tr("PNG, 1×"));
    format_->addItem(tr("PNG, 2× (slides)"));
    format_->addItem(tr("SVG (vector)"));
    format_->setCurrentIndex(1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&What"), target_);
    form->addRow(tr("&Format"), format_);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

int ExportDialog::target() const { return target_->currentData().toInt(); }
bool ExportDialog::svg() const { return format_->currentIndex() == 2; }
double ExportDialog::scale() const { return format_->currentIndex() == 1 ? 2.0 : 1.0; }

}  // namespace inflight::ui
