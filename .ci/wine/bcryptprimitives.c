/* Test scaffolding for Wine 8.0, which lacks bcryptprimitives.dll: Rust's
 * std imports ProcessPrng from it for random numbers (HashMap seeds), and
 * every Rust program exits 53 (DLL not found) without it. This one exports
 * ProcessPrng by calling advapi32's SystemFunction036 (RtlGenRandom), which
 * Wine has. .ci/wine-smoke builds it with mingw and copies it into the Wine
 * prefix's system32. Never shipped: Windows 10 and later have the real one. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        length -= n;
    }
    return TRUE;
}
