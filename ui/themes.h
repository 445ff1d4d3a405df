// Light and dark palettes on the Fusion style (Qt 6.4 has no colour-scheme
// API, so the app carries its own).
#pragma once

#include <QString>

namespace inflight::ui {

enum class Theme { Light, Dark };

void apply_theme(Theme t);
QString theme_name(Theme t);          // "light", "dark" (settings value)
Theme theme_from_name(const QString& name);

}  // namespace inflight::ui
