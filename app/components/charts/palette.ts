/** The eight chart colours, cycled by category position (bar, doughnut and their fallbacks). */
export const CHART_COLORS = ["#2563eb", "#059669", "#d97706", "#e11d48", "#7c3aed", "#0891b2", "#ea580c", "#475569"] as const;

export const chartColor = (index: number) => CHART_COLORS[index % CHART_COLORS.length]!;
