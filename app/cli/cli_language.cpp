#include "cli/cli_language.h"

#include "settings/settings_store.h"
#include "shell/paths.h"

namespace cudalab::app {

i18n::Language choose_cli_language(const std::string& lang_option) {
  i18n::Language language = i18n::language_from_environment();
  if (const auto chosen = i18n::language_from_code(lang_option)) {
    language = *chosen;
  } else {
    SettingsStore settings(settings_file(), /*read_only=*/true);
    settings.load();  // a missing or unreadable file leaves the defaults: no language remembered
    if (const auto remembered = i18n::language_from_code(settings.current().language)) language = *remembered;
  }
  i18n::set_current_language(language);
  return language;
}

}  // namespace cudalab::app
