#include "widgets/imgui_compat.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiContext::WantTextInputNextFrame: what InputText sets; no API does

namespace cudalab::app::widgets {

void claim_text_input() {
  ImGui::GetCurrentContext()->WantTextInputNextFrame = 1;
  ImGui::GetIO().WantTextInput = true;
#if IMGUI_VERSION_NUM >= 18800
  ImGui::SetNextFrameWantCaptureKeyboard(true);
#else
  ImGui::CaptureKeyboardFromApp(true);
#endif
}

}  // namespace cudalab::app::widgets
