import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { noNameTitle, scrollLeftFor, useVisitedViews, type VisitedView } from './visited-views-store';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useVisitedViews;

  /** After closing the visible view, show the last one left (or the dashboard). */
  const toLastView = (left: readonly VisitedView[]) => {
    const last = left[left.length - 1];
    void navigate(last ? last.fullPath : '/', { replace: false });
  };

  return (action: Action, view: VisitedView) => {
    const state = store.getState();
    if (action === 'refresh') {
      state.refreshView(view.path);
      if (view.path !== pathname) void navigate(view.fullPath);
    } else if (action === 'close') {
      const left = state.closeView(view.path);
      if (view.path === pathname && !view.affix) toLastView(left);
    } else if (action === 'closeOthers') {
      state.closeOthers(view.path);
      if (view.path !== pathname) void navigate(view.fullPath);
    } else {
      state.closeAll();
      const left = store.getState().visitedViews;
      if (!left.some((v) => v.path === pathname)) toLastView(left);
    }
  };
}

/** Spec §2 tags bar of visited views: refresh, close, close others, close all; affixed views stay. */
export function TagsView() {
  const { t } = useTranslation(['layout', 'routes']);
  const views = useVisitedViews((state) => state.visitedViews);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const act = useTagActions();
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = scroller.current;
    const tag = container?.querySelector<HTMLElement>('[data-active="true"]');
    if (container && tag) container.scrollLeft = scrollLeftFor(container, tag);
  }, [pathname, views.length]);

  const titleOf = (view: VisitedView) => (view.title === noNameTitle ? t('layout:tags.noName') : t(`routes:${view.title}`));
  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: <span data-testid="tag-refresh">{t('layout:tags.refresh')}</span> },
      { key: 'close', disabled: view.affix, label: <span data-testid="tag-close">{t('layout:tags.close')}</span> },
      { key: 'closeOthers', label: <span data-testid="tag-close-others">{t('layout:tags.closeOthers')}</span> },
      { key: 'closeAll', label: <span data-testid="tag-close-all">{t('layout:tags.closeAll')}</span> },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      act(key as Action, view);
    },
  });
  const active = views.find((view) => view.path === pathname);

  return (
    <div className="sl-tags-view" data-testid="tags-view">
      <div className="sl-tags-scroller" ref={scroller}>
        {views.map((view) => {
          const isActive = view.path === pathname;
          return (
            <Dropdown key={view.path} trigger={['contextMenu']} menu={menuFor(view)}>
              <span
                className={`sl-tag${isActive ? ' sl-tag-active' : ''}`}
                data-testid="tag-item"
                data-path={view.path}
                data-active={String(isActive)}
                data-affix={String(view.affix)}
                role="link"
                tabIndex={0}
                onClick={() => void navigate(view.fullPath)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void navigate(view.fullPath);
                }}
              >
                {titleOf(view)}
                {view.affix ? null : (
                  <CloseOutlined
                    className="sl-tag-close"
                    data-testid="tag-item-close"
                    aria-label={t('layout:tags.close')}
                    onClick={(event) => {
                      event.stopPropagation();
                      act('close', view);
                    }}
                  />
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
      {active ? (
        <Dropdown trigger={['click']} menu={menuFor(active)}>
          <Button size="small" type="text" className="sl-tags-actions" data-testid="tags-actions" aria-label={t('layout:tags.actions')}>
            <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </div>
  );
}
