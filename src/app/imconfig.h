#pragma once
// Dear ImGui's size and feature switches for spreadlab (IMGUI_USER_CONFIG).
//
// Thousands of nodes and pods in one draw list pass 64K vertices, and WebGL has no
// glDrawElementsBaseVertex: 32-bit indices.
#define ImDrawIdx unsigned int
// Size: no demo or metrics windows, no file functions (the page has no file system;
// the desktop build reads its files itself), no ini file.
#define IMGUI_DISABLE_DEMO_WINDOWS
#define IMGUI_DISABLE_METRICS_WINDOW
#define IMGUI_DISABLE_FILE_FUNCTIONS
#define IMGUI_DISABLE_OBSOLETE_FUNCTIONS
