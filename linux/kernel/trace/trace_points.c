// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoints of event headers that no subsystem's own code defines:
 * power management (idle, frequency, suspend and device callbacks), runtime
 * PM and error reports. Their users call them from many places, so they
 * are instantiated here, once, and exported for modules.
 */
#include <linux/device.h>
#include <linux/export.h>
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/power.h>
#include <trace/events/error_report.h>
#ifdef CONFIG_PM
#include <trace/events/rpm.h>
#endif

EXPORT_TRACEPOINT_SYMBOL_GPL(suspend_resume);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(cpu_frequency);
EXPORT_TRACEPOINT_SYMBOL_GPL(powernv_throttle);
EXPORT_TRACEPOINT_SYMBOL_GPL(error_report_end);
#ifdef CONFIG_PM
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_return_int);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_idle);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_suspend);
EXPORT_TRACEPOINT_SYMBOL_GPL(rpm_resume);
#endif
