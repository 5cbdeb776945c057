// SPDX-License-Identifier: GPL-2.0
/*
 * Keep -fipa-ra in code compiled for function tracing.
 *
 * With -fipa-ra, GCC lets a caller keep values in call-clobbered
 * registers across a call to a function of the same unit that it has
 * already compiled and that does not touch them. GCC turns the option
 * off whenever -pg or -fpatchable-function-entry is given, because the
 * profiling call it emits as text at a function's entry is not part of
 * the function's register usage. Every caller of a small static function
 * then saves and restores registers it would otherwise not need: about
 * six instructions per call, in every kernel built with function
 * tracing.
 *
 * The kernel's entry hook does not need that caution. A site is a nop
 * until traced, and then calls a trampoline (arch/x86/kernel/ftrace_64.S)
 * that preserves every general-purpose register, as does the return
 * trampoline of function_graph. So this plugin puts the option back to
 * what the optimisation level and the command line asked for, once GCC
 * has finished its option processing.
 *
 * That is only sound while nothing makes a traced function clobber more
 * than its own code does: no live patching (a replacement function has
 * its own register usage) and no direct calls from the entry hook to
 * trampolines that save only the argument registers. Kconfig enforces
 * both (FUNCTION_TRACER_IPA_RA).
 */
#include "gcc-common.h"

__visible int plugin_is_GPL_compatible;

static struct plugin_info fentry_ipa_ra_info = {
	.version	= PLUGIN_VERSION,
	.help		= "keeps -fipa-ra under -pg\n",
};

/* flag_ipa_ra as option decoding left it, before process_options(). */
static int fentry_ipa_ra_wanted;

static void fentry_ipa_ra_set(tree node)
{
	if (node && TREE_CODE(node) == OPTIMIZATION_NODE)
		TREE_OPTIMIZATION(node)->x_flag_ipa_ra = 1;
}

/*
 * Called once per unit, after process_options(): set the flag itself and
 * in the option sets that GCC restores when it switches functions.
 */
static void fentry_ipa_ra_start_unit(void *gcc_data, void *user_data)
{
	if (!fentry_ipa_ra_wanted || flag_ipa_ra)
		return;
	flag_ipa_ra = 1;
	fentry_ipa_ra_set(optimization_default_node);
	fentry_ipa_ra_set(optimization_current_node);
}

__visible int plugin_init(struct plugin_name_args *plugin_info,
			  struct plugin_gcc_version *version)
{
	const char * const plugin_name = plugin_info->base_name;

	if (!plugin_default_version_check(version, &gcc_version)) {
		error(G_("incompatible gcc/plugin versions"));
		return 1;
	}

	/*
	 * Plugins are initialised after the options are decoded and before
	 * process_options() clears the flag for -pg: what it holds now is
	 * what the optimisation level and -f[no-]ipa-ra asked for.
	 */
	fentry_ipa_ra_wanted = flag_ipa_ra;

	register_callback(plugin_name, PLUGIN_INFO, NULL, &fentry_ipa_ra_info);
	register_callback(plugin_name, PLUGIN_START_UNIT,
			  fentry_ipa_ra_start_unit, NULL);
	return 0;
}
