// The Flows group (flow_list.h).
#include "ui/controls/flow_list.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "ui/controls/flow_list_model.h"

namespace inflight::ui {
namespace {

// The preset box's last item when the flows are none of the presets.
constexpr int kCustomItem = static_cast<int>(std::size(kAllFlowPresets));

const char* kAlgoItems[][2] = {{"reno", "Reno"}, {"cubic", "CUBIC"}, {"bbr", "BBR"}, {"ping", "ping"}};

constexpr const char* kErrorStyle = "border: 2px solid #d0312d;";

// A command-line option ("--flow", "--loss-pattern") is never broken across
// lines: a word joiner (U+2060, drawn as nothing) after each of its hyphens,
// where line breaking would otherwise allow a break.
QString keep_options_whole(const QString& text) {
    static const QRegularExpression option(QStringLiteral("--[A-Za-z][A-Za-z0-9-]*"));
    QString out;
    qsizetype from = 0;
    for (auto it = option.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(from, m.capturedStart() - from);
        out += m.captured().replace(QLatin1Char('-'), QStringLiteral("-\u2060"));
        from = m.capturedEnd();
    }
    return out + text.mid(from);
}

}  // namespace

// Edits a cell: a choice of algorithm for Flow, a text box for the rest.
// A value the model refuses is held in its box (Enter, Tab and leaving the
// box do not take it) with the refusal under it; Escape puts the value back.
class FlowDelegate : public QStyledItemDelegate {
public:
    FlowDelegate(FlowList* list) : QStyledItemDelegate(list), list_(list) {}

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override {
        QWidget* editor = makeEditor(parent, index);
        editor->setProperty("flow_row", index.row());
        editor->setProperty("flow_column", index.column());
        return editor;
    }

private:
    QWidget* makeEditor(QWidget* parent, const QModelIndex& index) const {
        const QString name = list_->model()->flowName(index.row()) + QStringLiteral(", ") +
                             QString::fromLatin1(key(list_->model()->keyAt(index.row(), index.column())));
        if (index.column() == FlowListModel::Flow) {
            auto* box = new QComboBox(parent);
            for (const auto& [value, text] : kAlgoItems) box->addItem(QString::fromUtf8(text), QString::fromLatin1(value));
            box->setAccessibleName(name);
            // A choice made is taken at once, as the Algorithm control does.
            connect(box, &QComboBox::activated, box, [this, box] {
                auto* self = const_cast<FlowDelegate*>(this);
                emit self->commitData(box);
                emit self->closeEditor(box, QAbstractItemDelegate::NoHint);
            });
            return box;
        }
        auto* edit = new QLineEdit(parent);
        edit->setAccessibleName(name);
        connect(edit, &QLineEdit::textEdited, edit, [this, edit] {
            edit->setStyleSheet({});
            list_->hideMessage();
        });
        return edit;
    }

public:
    void setEditorData(QWidget* editor, const QModelIndex& index) const override {
        const QString text = index.data(Qt::EditRole).toString();
        if (auto* box = qobject_cast<QComboBox*>(editor)) {
            box->setCurrentIndex(std::max(0, box->findData(text)));
        } else if (auto* edit = qobject_cast<QLineEdit*>(editor)) {
            // Typing over a cell replaces it (the key that opened the editor
            // arrives after this); F2 or Enter keep the text to correct it.
            edit->setText(text);
            edit->selectAll();
        }
    }

    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
        model->setData(index, textOf(editor), Qt::EditRole);  // a refusal: FlowListModel::refused
    }

protected:
    bool eventFilter(QObject* object, QEvent* e) override {
        auto* editor = qobject_cast<QWidget*>(object);
        if (!editor) return QStyledItemDelegate::eventFilter(object, e);
        if (e->type() == QEvent::KeyPress) {
            const int k = static_cast<QKeyEvent*>(e)->key();
            if (k == Qt::Key_Escape) {
                list_->hideMessage();
            } else if ((k == Qt::Key_Return || k == Qt::Key_Enter || k == Qt::Key_Tab || k == Qt::Key_Backtab) &&
                       refuse(editor)) {
                return true;
            }
        } else if (e->type() == QEvent::FocusOut && refuse(editor)) {
            return true;  // the value stays, red, until it is corrected or Escape
        }
        return QStyledItemDelegate::eventFilter(object, e);
    }

private:
    static QString textOf(QWidget* editor) {
        if (auto* box = qobject_cast<QComboBox*>(editor)) return box->currentData().toString();
        if (auto* edit = qobject_cast<QLineEdit*>(editor)) return edit->text();
        return {};
    }

    // True (and the refusal shown) when the model would not take the text.
    bool refuse(QWidget* editor) const {
        const QModelIndex index = list_->model()->index(editor->property("flow_row").toInt(),
                                                        editor->property("flow_column").toInt());
        if (!index.isValid()) return false;
        const auto err = list_->model()->check(index.row(), index.column(), textOf(editor));
        if (!err) return false;
        editor->setStyleSheet(QString::fromLatin1(kErrorStyle));
        list_->showMessage(*err);
        return true;
    }

    FlowList* list_;
};

bool FlowTable::event(QEvent* e) {
    // Keys the window also binds (+ is Replay ▸ Faster, - Slower) are the
    // table's while it has the focus: + adds a flow, and any other text
    // starts editing the cell.
    if (e->type() == QEvent::ShortcutOverride && !editing()) {
        auto* k = static_cast<QKeyEvent*>(e);
        const bool plain = !(k->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
        if (plain && (k->key() == Qt::Key_Insert || k->key() == Qt::Key_Delete ||
                      (!k->text().isEmpty() && k->text() != QLatin1String(" ") && k->text().at(0).isPrint()))) {
            e->accept();
            return true;
        }
    }
    return QTableView::event(e);
}

QSize FlowTable::sizeHint() const {
    int w = 2 * frameWidth();
    for (int c = 0; c < FlowListModel::ColumnCount; ++c) {
        if (isColumnHidden(c)) continue;
        int column = std::max(sizeHintForColumn(c), horizontalHeader()->sectionSizeHint(c));
        if (c == FlowListModel::Label)
            column = std::min(column, horizontalHeader()->sectionSizeHint(c) +
                                          fontMetrics().averageCharWidth() * kLabelHintChars);
        w += column;
    }
    return {w, QTableView::sizeHint().height()};
}

void FlowTable::keyPressEvent(QKeyEvent* e) {
    if (!editing()) {
        switch (e->key()) {
            case Qt::Key_Insert:
            case Qt::Key_Plus: emit addRequested(); return;
            case Qt::Key_Delete: emit removeRequested(); return;
            case Qt::Key_Return:
            case Qt::Key_Enter:
                if (currentIndex().isValid()) {
                    edit(currentIndex());
                    return;
                }
                break;
            default: break;
        }
    }
    QTableView::keyPressEvent(e);
}

FlowList::FlowList(QWidget* parent) : QWidget(parent) {
    model_ = new FlowListModel(this);

    auto* label = new QLabel(tr("Fl&ows"), this);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    presets_ = new QComboBox(this);
    for (FlowPreset p : kAllFlowPresets) {
        presets_->addItem(tr(preset_name(p)), static_cast<int>(p));
        presets_->setItemData(presets_->count() - 1, QString::fromStdString(preset_description(p)),
                              Qt::ToolTipRole);
    }
    // As wide as the column allows, never wider: the one-flow column keeps its width.
    presets_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    presets_->setMinimumContentsLength(8);
    presets_->setAccessibleName(tr("Flow preset"));
    presets_->setToolTip(tr("The flows sharing the bottleneck. A preset sets the flows of one lesson and "
                            "its path; One flow is the single flow of the controls below."));
    label->setBuddy(presets_);
    add_ = new QToolButton(this);
    add_->setText(QStringLiteral("+"));
    add_->setToolTip(tr("Add a flow sharing the bottleneck: a copy of the current one (Insert or + in the list)"));
    add_->setAccessibleName(tr("Add flow"));
    remove_ = new QToolButton(this);
    remove_->setText(QStringLiteral("−"));
    remove_->setToolTip(tr("Remove the current flow (Delete in the list)"));
    remove_->setAccessibleName(tr("Remove flow"));

    table_ = new FlowTable(this);
    table_->setModel(model_);
    table_->setItemDelegate(new FlowDelegate(this));
    table_->setAccessibleName(tr("Flows"));
    table_->setAccessibleDescription(tr("One row per flow sharing the bottleneck. Enter edits a cell, "
                                        "Insert adds a flow, Delete removes one."));
    table_->setSelectionBehavior(QAbstractItemView::SelectItems);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    table_->setTabKeyNavigation(false);  // Tab leaves the table; arrows move in it
    table_->setWordWrap(false);
    table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table_->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    QHeaderView* header = table_->horizontalHeader();
    header->setHighlightSections(false);
    header->setMinimumSectionSize(20);
    for (int c = 0; c < FlowListModel::ColumnCount; ++c) header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(FlowListModel::Label, QHeaderView::Stretch);
    table_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    table_->setVisible(false);

    // The refusal sits in the column, over the table (covering nothing).
    message_ = new QLabel(this);
    message_->setObjectName("error");
    message_->setWordWrap(true);
    // As wide as the column, never widening it; as high as its lines.
    QSizePolicy fit(QSizePolicy::Ignored, QSizePolicy::Preferred);
    fit.setHeightForWidth(true);
    message_->setSizePolicy(fit);
    message_->setStyleSheet("color: #b0201d; background: #fff4f4; border: 1px solid #d0312d; padding: 1px 3px;");
    message_->setVisible(false);

    auto* line = new QHBoxLayout;
    line->setContentsMargins(0, 0, 0, 0);
    line->setSpacing(4);
    line->addWidget(label);
    line->addWidget(presets_, 1);
    line->addWidget(add_);
    line->addWidget(remove_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->setSpacing(2);
    layout->addLayout(line);
    layout->addWidget(message_);
    layout->addWidget(table_);

    connect(presets_, &QComboBox::activated, this, [this](int i) {
        hideMessage();
        if (i < kCustomItem) emit presetChosen(static_cast<FlowPreset>(presets_->itemData(i).toInt()));
    });
    connect(add_, &QToolButton::clicked, this, &FlowList::addFlow);
    connect(remove_, &QToolButton::clicked, this, [this] {
        removeFlow(table_->currentIndex().isValid() ? table_->currentIndex().row() : model_->rowCount() - 1);
    });
    connect(table_, &FlowTable::addRequested, this, &FlowList::addFlow);
    connect(table_, &FlowTable::removeRequested, this, [this] {
        if (table_->currentIndex().isValid()) removeFlow(table_->currentIndex().row());
    });
    connect(model_, &FlowListModel::refused, this, [this](int row, int column, const QString& message) {
        Q_UNUSED(row);
        Q_UNUSED(column);
        showMessage(message);
    });
    connect(model_, &FlowListModel::flowsEdited, this, [this] {
        refresh();
        emit flowsEdited();
    });
    connect(model_, &QAbstractItemModel::modelReset, this, &FlowList::hideMessage);
    refresh();
}

void FlowList::setScenario(const Scenario& s) {
    model_->setScenario(s);
    refresh();
}

void FlowList::setDefaults(const Scenario& s) {
    model_->setDefaults(s);
    refresh();
}

const std::vector<FlowSpec>& FlowList::flows() const { return model_->flows(); }

bool FlowList::addFlow() {
    const int n = model_->rowCount();
    if (static_cast<std::size_t>(n) >= FlowLimits::max_flows_window) {
        showMessage(tr("A %1th flow is not added: the window shows at most %2 flows (the command line runs "
                       "up to %3: inflight run --parallel N or --flow).")
                        .arg(n + 1)
                        .arg(FlowLimits::max_flows_window)
                        .arg(FlowLimits::max_flows));
        return false;
    }
    hideMessage();
    const QModelIndex current = table_->currentIndex();
    const int from = current.isValid() ? current.row() : n - 1;
    FlowSpec copy = from >= 0 ? model_->flows()[static_cast<std::size_t>(from)] : FlowSpec{};
    copy.label.clear();  // a copy, not the same name twice
    if (n == 0) {
        // From the scenario's single flow: it becomes row 1 (every key its
        // scenario's, as before), the copy row 2.
        model_->setFlows({FlowSpec{}, copy});
    } else {
        model_->insertFlow(n, copy);
    }
    table_->setCurrentIndex(model_->index(model_->rowCount() - 1, FlowListModel::Flow));
    return true;
}

void FlowList::removeFlow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    hideMessage();
    model_->removeFlow(row);
    if (model_->rowCount() > 0) {
        const int next = std::min(row, model_->rowCount() - 1);
        table_->setCurrentIndex(model_->index(next, 0));
    }
}

void FlowList::setDefaultsFolded(bool folded) {
    model_->setDefaultsFolded(folded);
    refresh();
}

bool FlowList::hasMessage() const { return !message_->isHidden(); }
QString FlowList::messageText() const { return hasMessage() ? message_text_ : QString(); }

void FlowList::showMessage(const QString& text) {
    message_text_ = text;
    message_->setText(keep_options_whole(text));
    message_->setVisible(true);
}

void FlowList::hideMessage() {
    message_->setVisible(false);
    message_text_.clear();
}

void FlowList::refresh() {
    const int n = model_->rowCount();
    const bool was_shown = !table_->isHidden();
    table_->setVisible(n > 0);
    remove_->setVisible(n > 0);
    add_->setEnabled(true);
    // Presenting, Start and Every only while a flow sets them (flow_list.h).
    for (int c : {FlowListModel::Start, FlowListModel::Every}) table_->setColumnHidden(c, model_->columnFolded(c));
    // The table as high as all its rows (16 at most): the controls column
    // scrolls as a whole, and no scroll bar inside it takes the Label
    // column's room.
    const int row_h = table_->fontMetrics().height() + 4;
    table_->verticalHeader()->setDefaultSectionSize(row_h);
    const int h = table_->horizontalHeader()->sizeHint().height() + n * row_h + 2 * table_->frameWidth();
    table_->setFixedHeight(h);
    // Its width follows its contents: a new layout of the window when its
    // width hint changed, and only then — refresh() runs on every change
    // of a control (the unset keys show the path's values), and a needless
    // relayout of the whole window per slider step took 50-200 ms with 16
    // flows (ui_bench).
    const QSize hint = table_->sizeHint();
    if (hint != table_hint_) {
        const bool wider = hint.width() != table_hint_.width();
        table_hint_ = hint;
        table_->updateGeometry();
        if (wider && n > 0) emit widthChanged();
    }
    if (was_shown != (n > 0)) emit tableShownChanged(n > 0);
    // The preset these flows are, or "Custom".
    Scenario s;
    s.flows = model_->flows();
    const auto preset = preset_of(s);
    const QSignalBlocker quiet(presets_);
    if (preset) {
        if (presets_->count() > kCustomItem) presets_->removeItem(kCustomItem);
        presets_->setCurrentIndex(static_cast<int>(*preset));
    } else {
        if (presets_->count() == kCustomItem) presets_->addItem(QString());
        // Plain English plurals: the window ships no translations that would resolve "%n flow(s)".
        presets_->setItemText(kCustomItem, n == 1 ? tr("Custom: 1 flow") : tr("Custom: %1 flows").arg(n));
        presets_->setCurrentIndex(kCustomItem);
    }
}

void FlowList::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::PaletteChange || e->type() == QEvent::StyleChange)
        model_->setDark(palette().color(QPalette::Base).lightness() < 128);
    // After the new type has reached the table too.
    if (e->type() == QEvent::FontChange) QTimer::singleShot(0, this, [this] {
            refresh();
            emit tableShownChanged(!table_->isHidden());
        });
}

}  // namespace inflight::ui
