#include "model/analysis/power_fit.h"

#include <Eigen/Dense>
#include <cmath>

namespace inflight {

std::optional<PowerFit> fit_power_law(const std::vector<double>& x, const std::vector<double>& y) {
    const std::size_t n = x.size();
    if (n < 2 || y.size() != n) return std::nullopt;
    Eigen::MatrixXd design(n, 2);  // columns: 1, ln x
    Eigen::VectorXd log_y(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!(x[i] > 0) || !(y[i] > 0) || !std::isfinite(x[i]) || !std::isfinite(y[i]))
            return std::nullopt;
        design(static_cast<Eigen::Index>(i), 0) = 1.0;
        design(static_cast<Eigen::Index>(i), 1) = std::log(x[i]);
        log_y(static_cast<Eigen::Index>(i)) = std::log(y[i]);
    }
    // All x equal: the slope is undetermined.
    if (design.col(1).maxCoeff() == design.col(1).minCoeff()) return std::nullopt;

    const Eigen::Vector2d coef = design.colPivHouseholderQr().solve(log_y);
    const Eigen::VectorXd residual = log_y - design * coef;
    const double ss_res = residual.squaredNorm();
    const double ss_tot = (log_y.array() - log_y.mean()).square().sum();

    PowerFit fit;
    fit.constant = std::exp(coef(0));
    fit.exponent = coef(1);
    fit.r_squared = ss_tot > 0 ? 1.0 - ss_res / ss_tot : 1.0;  // flat y: the line is exact
    fit.points = n;
    return fit;
}

}  // namespace inflight
