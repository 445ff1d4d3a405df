// Light and dark palettes on the Fusion style (Qt 6.4 has no colour-scheme
// API, so the app carries its own).
#pragma once

#include <QString>

namespace inflight::ui {

enum class Theme { Light, Dark };

void apply_theme(Theme t);
// Presentation mode's palette: black on white, a strong blue highlight, no
// mid-grey text; survives a washed-out projector. Undo with apply_theme().
void apply_presentation_palette();
QString theme_name(Theme t);          // "light", "dark" (settings value)
Theme theme_from_name(const QString& name);

}  // namespace inflight::ui
