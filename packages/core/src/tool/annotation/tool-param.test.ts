import { errorOf } from '@sprout-ai/test';
import { getToolParamOptions, getToolParamPropertyOptions, ToolParam } from './tool-param';

describe(ToolParam, () => {
  describe('on a method parameter', () => {
    it('should record the options by method and parameter index', () => {
      class Tools {
        find(@ToolParam({ description: 'The id' }) id: string) {
          return id;
        }
      }
      expect(getToolParamOptions(Tools, 'find')).toEqual({ 0: { description: 'The id' } });
    });
  });

  describe('on a property (an augmentation argument type)', () => {
    it("should record the options by property name, a subclass's over its base's", () => {
      class Base {
        @ToolParam({ description: 'Who thinks' })
        agent?: string;
        @ToolParam({ required: true })
        note?: string;
      }
      class Thinking extends Base {
        @ToolParam({ description: 'Why' })
        innerThought!: string;
        @ToolParam({ required: false })
        override note?: string;
      }

      expect(getToolParamPropertyOptions(Thinking)).toEqual({
        agent: { description: 'Who thinks' },
        note: { required: false },
        innerThought: { description: 'Why' },
      });
      expect(getToolParamPropertyOptions(Base)).toEqual({
        agent: { description: 'Who thinks' },
        note: { required: true },
      });
    });

    it('should refuse a static property', () => {
      const decorate = () => {
        class Holder {
          @ToolParam()
          static shared: string;
        }
        return Holder;
      };
      expect(errorOf(decorate, TypeError).message).toContain(
        '@ToolParam can only decorate method parameters and instance properties',
      );
    });
  });
});
