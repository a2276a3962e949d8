// moved to components/ so other features draw with the same wrapper
export * from '../../../../components/echart';
