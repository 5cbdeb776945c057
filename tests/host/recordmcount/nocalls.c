// SPDX-License-Identifier: GPL-2.0
/* recordmcount fixture: compiled without -pg, nothing to record. */
int plain(int x) { return x + 1; }
