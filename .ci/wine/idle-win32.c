/* The idle spin of winit programs under Wine, without winit or Rust: one
 * window, and the event loop winit 0.30's Windows backend runs, in plain
 * Win32 (docs/testing.md, "Idle CPU under Wine").
 *
 *     x86_64-w64-mingw32-gcc -O2 -o idle-win32.exe .ci/wine/idle-win32.c
 *     wine idle-win32.exe [target|plain] [inputavailable|noflag|getmessage]
 *
 * target (the default) also makes the hidden window winit makes for its
 * own messages ("Winit Thread Event Target"): layered, transparent, made
 * WS_VISIBLE | WS_POPUP after it is created, and given an internal paint
 * (RedrawWindow with RDW_INTERNALPAINT) on every message but WM_PAINT;
 * plain does not.
 *
 * inputavailable (the default) waits as winit does:
 * MsgWaitForMultipleObjectsEx(0, NULL, INFINITE, QS_ALLINPUT,
 * MWMO_INPUTAVAILABLE), then PeekMessageW(PM_REMOVE) until the queue is
 * empty; noflag waits the same way without MWMO_INPUTAVAILABLE;
 * getmessage runs a GetMessageW loop.
 *
 * Idle, it should wake only for an event. To show how often it wakes all
 * the same, it prints to stderr, when it wakes at least a second after its
 * last line, how many times it woke since and how many of those wakes
 * found no message at all. Closes on the close button. */

#include <windows.h>
#include <stdio.h>
#include <string.h>

static LRESULT CALLBACK window_proc(HWND window, UINT msg, WPARAM wparam, LPARAM lparam)
{
    if (msg == WM_DESTROY) {
        PostQuitMessage(0);
        return 0;
    }
    return DefWindowProcW(window, msg, wparam, lparam);
}

/* As winit's thread_event_target_callback: an internal paint asked for on
 * every message but WM_PAINT, which DefWindowProcW then validates. */
static LRESULT CALLBACK target_proc(HWND window, UINT msg, WPARAM wparam, LPARAM lparam)
{
    if (msg != WM_PAINT)
        RedrawWindow(window, NULL, 0, RDW_INTERNALPAINT);
    return DefWindowProcW(window, msg, wparam, lparam);
}

/* As winit's create_event_target_window. */
static void make_target(HINSTANCE instance)
{
    WNDCLASSEXW class = {0};
    class.cbSize = sizeof class;
    class.style = CS_HREDRAW | CS_VREDRAW;
    class.lpfnWndProc = target_proc;
    class.hInstance = instance;
    class.lpszClassName = L"idle-win32 event target";
    RegisterClassExW(&class);
    HWND target = CreateWindowExW(
        WS_EX_NOACTIVATE | WS_EX_TRANSPARENT | WS_EX_LAYERED | WS_EX_TOOLWINDOW,
        class.lpszClassName, NULL, WS_OVERLAPPED, 0, 0, 0, 0, NULL, NULL, instance, NULL);
    SetWindowLongPtrW(target, GWL_STYLE, WS_VISIBLE | WS_POPUP);
}

int main(int argc, char **argv)
{
    const char *windows = argc > 1 ? argv[1] : "target";
    const char *wait = argc > 2 ? argv[2] : "inputavailable";
    int target = strcmp(windows, "target") == 0;
    int getmessage = strcmp(wait, "getmessage") == 0;
    DWORD flags = strcmp(wait, "inputavailable") == 0 ? MWMO_INPUTAVAILABLE : 0;
    if ((!target && strcmp(windows, "plain") != 0)
        || (!getmessage && strcmp(wait, "inputavailable") != 0 && strcmp(wait, "noflag") != 0)) {
        fprintf(stderr, "usage: idle-win32 [target|plain] [inputavailable|noflag|getmessage]\n");
        return 2;
    }

    HINSTANCE instance = GetModuleHandleW(NULL);
    WNDCLASSEXW class = {0};
    class.cbSize = sizeof class;
    class.lpfnWndProc = window_proc;
    class.hInstance = instance;
    class.hCursor = LoadCursor(NULL, IDC_ARROW);
    class.lpszClassName = L"idle-win32";
    RegisterClassExW(&class);
    if (target)
        make_target(instance);
    if (!CreateWindowExW(0, class.lpszClassName, L"win32 idle", WS_OVERLAPPEDWINDOW | WS_VISIBLE,
                         CW_USEDEFAULT, CW_USEDEFAULT, 400, 300, NULL, NULL, instance, NULL)) {
        fprintf(stderr, "idle-win32: cannot open a window (error %lu)\n", GetLastError());
        return 1;
    }

    unsigned long wakes = 0, empty = 0;
    DWORD since = GetTickCount();
    MSG msg;
    for (;;) {
        int got = 0, quit = 0;
        if (getmessage) {
            if (GetMessageW(&msg, NULL, 0, 0) <= 0)
                break;
            TranslateMessage(&msg);
            DispatchMessageW(&msg);
            got = 1;
        } else {
            MsgWaitForMultipleObjectsEx(0, NULL, INFINITE, QS_ALLINPUT, flags);
            while (PeekMessageW(&msg, NULL, 0, 0, PM_REMOVE)) {
                got = 1;
                if (msg.message == WM_QUIT) {
                    quit = 1;
                    break;
                }
                TranslateMessage(&msg);
                DispatchMessageW(&msg);
            }
            if (quit)
                break;
        }
        wakes++;
        if (!got)
            empty++;
        DWORD now = GetTickCount();
        if (now - since >= 1000) {
            fprintf(stderr, "idle-win32: %lu wakes in %.2f s, %lu with no message\n", wakes,
                    (now - since) / 1000.0, empty);
            wakes = empty = 0;
            since = now;
        }
    }
    return 0;
}
