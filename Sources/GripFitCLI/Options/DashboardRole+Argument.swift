import ArgumentParser
import GripFitDashboard

/// `dashboard token add --role viewer|clinician|admin`.
extension DashboardRole: ExpressibleByArgument {}
