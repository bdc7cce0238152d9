#pragma once
// The language of the text commands (`cudalab run`, `check`, `exercise`, `exercises`): `--lang`,
// else the language the window last spoke (settings.json), else the system locale — the window's
// own order. Sets i18n's current language; the commands then print through tr() and tr_text().
#include <string>

#include "i18n/language.h"

namespace cudalab::app {

i18n::Language choose_cli_language(const std::string& lang_option);

}  // namespace cudalab::app
