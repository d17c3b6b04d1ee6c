import Foundation
import Testing

@testable import GripFitClinical

@Suite struct ChartTests {
    @Test func theCentileChartIsWellFormedSVGWithTheFiveCurvesAxesAndThePoint() throws {
        let svg = CentileChart.svg(curves: ReportFixture.report.centileCurves, subject: ChartPoint(age: 47.4, kg: 46.8))
        #expect(try XMLLint.problems(in: svg) == nil)
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 5)
        for label in ["P10", "P25", "P50", "P75", "P90", "age (years)", "grip (kg)", "this subject: 46.8 kg, 45–49 y"] {
            #expect(svg.contains(label), "\(label) missing")
        }
        // Ages 10…90 on x (38…318 px; Dodds's men start at 15), 0…70 kg on y (244…10 px): 47.4 y, 46.8 kg
        // sits at (168.9, 87.6).
        #expect(svg.contains("<circle class=\"subject\" cx=\"168.9\" cy=\"87.6\" r=\"4\"/>"))
    }

    @Test func theTrendChartIsWellFormedAndSaysWhenThereIsNothingEarlier() throws {
        let svg = TrendChart.svg(points: ReportFixture.report.trend)
        #expect(try XMLLint.problems(in: svg) == nil)
        #expect(svg.contains("2025-05-02") && svg.contains("48.1") && svg.contains("best grip (kg)"))
        let empty = TrendChart.svg(points: [])
        #expect(try XMLLint.problems(in: empty) == nil)
        #expect(empty.contains("no earlier assessment</text>"))
    }

    @Test func nonFiniteAndWildNumbersAreLeftOutNotDrawnOrCrashing() throws {
        let damaged = [
            CentileCurve(
                label: "P50",
                points: [
                    ChartPoint(age: .nan, kg: 30), ChartPoint(age: 40, kg: .infinity),
                    ChartPoint(age: 30, kg: 31), ChartPoint(age: 1e300, kg: 5), ChartPoint(age: 50, kg: 29),
                ]
            ),
            CentileCurve(label: "P90", points: []),
        ]
        let svg = CentileChart.svg(curves: damaged, subject: ChartPoint(age: .nan, kg: 20))
        #expect(try XMLLint.problems(in: svg) == nil)
        #expect(!NonFiniteText.appears(in: svg) && !svg.contains("class=\"subject\""))
        #expect(svg.contains("points=\"38.0,"))
        let nothing = CentileChart.svg(
            curves: [CentileCurve(label: "P50", points: [ChartPoint(age: .nan, kg: .nan)])],
            subject: ChartPoint(age: 47, kg: 30)
        )
        #expect(nothing.contains("no centile curves to draw"))
        let trend = TrendChart.svg(points: [
            TrendPoint(date: "2025-01-01", bestKg: .nan), TrendPoint(date: "2025-06-01", bestKg: -.infinity),
        ])
        #expect(trend.contains("no earlier assessment with a usable best figure") && !NonFiniteText.appears(in: trend))
    }

    @Test func anAxisIsWholeStepsWithAtMostAboutTenTicks() throws {
        let ages = try #require(ChartAxis(values: [4, 47, 90], step: 10, includingZero: false))
        #expect(ages.lower == 0 && ages.upper == 90 && ages.step == 10)
        let flat = try #require(ChartAxis(values: [30, 30], step: 10, includingZero: false))
        #expect(flat.lower == 30 && flat.upper == 40)
        let wide = try #require(ChartAxis(values: [0, 900_000], step: 10, includingZero: true))
        #expect(wide.ticks.count <= 11)
        #expect(ChartAxis(values: [.nan, .infinity, 2e6], step: 10, includingZero: true) == nil)
        #expect(ChartAxis(values: [1, 2], step: 0, includingZero: true) == nil)
        #expect(ChartLabels.spread([100, 102, 50, 101], gap: 8) == [100, 116, 50, 108])
    }
}
